import Foundation
import ShelfDomain
import ShelfStore
import ShelfTestSupport
import XCTest

final class FavoritesDocumentTests: TemporaryDirectoryTestCase {
  private func sampleShow() throws -> Show {
    let json = """
      {"id": 1, "name": "Under the Dome", "genres": ["Drama", "Science-Fiction", "Thriller"],
       "status": "Ended", "runtime": 60, "premiered": "2013-06-24", "ended": "2015-09-10",
       "officialSite": "http://www.cbs.com/shows/under-the-dome/",
       "schedule": {"time": "22:00", "days": ["Thursday"]}, "rating": {"average": 6.5},
       "network": {"id": 2, "name": "CBS", "country": {"name": "United States", "code": "US"}},
       "webChannel": null, "externals": {"tvrage": 25988, "imdb": "tt1553656"},
       "image": {"medium": "https://static.tvmaze.com/m/1.jpg",
                 "original": "https://static.tvmaze.com/o/1.jpg"},
       "summary": "<p><b>Under the Dome</b> is the story of a small town.</p>",
       "updated": 1631010933}
      """
    return try JSONDecoder().decode(Show.self, from: Data(json.utf8))
  }

  func testAddContainsAndRemoveForEveryKind() {
    var document = FavoritesDocument()
    XCTAssertTrue(document.isEmpty)
    for kind in ItemKind.allCases {
      let item = ItemID(kind, 7)
      XCTAssertFalse(document.contains(item), "\(item)")
      XCTAssertTrue(document.add(item), "\(item)")
      XCTAssertTrue(document.contains(item), "\(item)")
      XCTAssertFalse(document.add(item), "adding \(item) twice")
      XCTAssertFalse(document.isEmpty)
    }
    XCTAssertEqual(document.toys, [7])
    XCTAssertEqual(document.stories, [7])
    XCTAssertEqual(document.products, [7])
    XCTAssertEqual(document.shows.map(\.id), [7])
    for kind in ItemKind.allCases {
      let item = ItemID(kind, 7)
      XCTAssertTrue(document.remove(item), "\(item)")
      XCTAssertFalse(document.contains(item), "\(item)")
      XCTAssertFalse(document.remove(item), "removing \(item) twice")
    }
    XCTAssertTrue(document.isEmpty)
  }

  func testKindsAreKeptApart() {
    var document = FavoritesDocument()
    _ = document.add(ItemID(.toy, 42))
    XCTAssertTrue(document.contains(ItemID(.toy, 42)))
    XCTAssertFalse(document.contains(ItemID(.story, 42)))
    XCTAssertFalse(document.contains(ItemID(.product, 42)))
    XCTAssertFalse(document.contains(ItemID(.show, 42)))
    XCTAssertFalse(document.remove(ItemID(.product, 42)))
    XCTAssertTrue(document.contains(ItemID(.toy, 42)))
  }

  func testItemsKeepTheOrderTheyWereAdded() {
    var document = FavoritesDocument()
    for id in [5, 1, 3] { _ = document.add(ItemID(.toy, id)) }
    _ = document.remove(ItemID(.toy, 1))
    _ = document.add(ItemID(.toy, 2))
    XCTAssertEqual(document.toys, [5, 3, 2])
  }

  func testAShowKeepsItsData() throws {
    let show = try sampleShow()
    var document = FavoritesDocument()
    XCTAssertTrue(document.add(ItemID(.show, 1), show: show))
    XCTAssertEqual(document.shows, [show])

    let file = PropertyListFile<FavoritesDocument>(url: temporary.file("favorites.plist"))
    try file.update { $0 = document }
    let saved = try XCTUnwrap(
      PropertyListFile<FavoritesDocument>(url: temporary.file("favorites.plist")).read().shows
        .first)
    XCTAssertEqual(saved, show)
    XCTAssertEqual(saved.name, "Under the Dome")
    XCTAssertEqual(saved.image?.medium, "https://static.tvmaze.com/m/1.jpg")
    XCTAssertEqual(saved.summary, show.summary)
    XCTAssertEqual(saved.rating?.average, 6.5)
    XCTAssertEqual(saved.network?.name, "CBS")
    XCTAssertEqual(saved.imdbID, "tt1553656")
  }

  func testAShowAddedAgainKeepsItsFirstData() throws {
    var document = FavoritesDocument()
    let show = try sampleShow()
    _ = document.add(ItemID(.show, 1), show: show)
    XCTAssertFalse(document.add(ItemID(.show, 1), show: Show(id: 1, name: "Other")))
    XCTAssertEqual(document.shows, [show])
  }

  func testAShowWithoutDataGetsAPlaceholder() {
    var document = FavoritesDocument()
    _ = document.add(ItemID(.show, 9))
    XCTAssertEqual(document.shows.first?.id, 9)
    XCTAssertFalse(document.shows.first?.name.isEmpty ?? true)
  }

  func testFavoritesRoundTripThroughTheFile() throws {
    let url = temporary.file("favorites.plist")
    try PropertyListFile<FavoritesDocument>(url: url).update { document in
      _ = document.add(ItemID(.toy, 1))
      _ = document.add(ItemID(.story, 2))
      _ = document.add(ItemID(.product, 1001))
      _ = document.add(ItemID(.show, 1), show: try sampleShow())
    }
    try PropertyListFile<FavoritesDocument>(url: url).update { document in
      _ = document.remove(ItemID(.story, 2))
    }
    let document = try PropertyListFile<FavoritesDocument>(url: url).read()
    XCTAssertEqual(document.toys, [1])
    XCTAssertEqual(document.stories, [])
    XCTAssertEqual(document.products, [1001])
    XCTAssertEqual(document.shows, [try sampleShow()])
  }
}

final class CartDocumentTests: TemporaryDirectoryTestCase {
  func testQuantityOfAnItem() {
    var document = CartDocument()
    XCTAssertEqual(document.quantity(of: ItemID(.toy, 1)), 0)
    document.lines.append(CartLine(kind: .toy, id: 1, quantity: 3))
    document.lines.append(CartLine(kind: .product, id: 1, quantity: 5))
    XCTAssertEqual(document.quantity(of: ItemID(.toy, 1)), 3)
    XCTAssertEqual(document.quantity(of: ItemID(.product, 1)), 5)
    XCTAssertEqual(document.quantity(of: ItemID(.toy, 2)), 0)
    XCTAssertEqual(document.quantity(of: ItemID(.story, 1)), 0)
  }

  func testALineKnowsItsItem() {
    XCTAssertEqual(CartLine(kind: .product, id: 1001, quantity: 2).item, ItemID(.product, 1001))
  }

  func testQuantityLimits() {
    XCTAssertEqual(CartDocument.quantityLimit, 1...999)
  }

  func testCartRoundTripsThroughTheFileInOrder() throws {
    let url = temporary.file("cart.plist")
    let lines = [
      CartLine(kind: .product, id: 1001, quantity: 999),
      CartLine(kind: .toy, id: 42, quantity: 1),
      CartLine(kind: .toy, id: 7, quantity: 12),
    ]
    try PropertyListFile<CartDocument>(url: url).update { $0.lines = lines }
    let document = try PropertyListFile<CartDocument>(url: url).read()
    XCTAssertEqual(document.lines, lines)
    XCTAssertEqual(document.quantity(of: ItemID(.toy, 7)), 12)
    XCTAssertEqual(document.version, CartDocument.currentVersion)
  }
}

final class PreferencesDocumentTests: TemporaryDirectoryTestCase {
  func testPreferencesRoundTripIncludingMissingValues() throws {
    let url = temporary.file("preferences.plist")
    let file = PropertyListFile<PreferencesDocument>(url: url)
    XCTAssertNil(try file.read().lastPath)
    try file.update { document in
      document.lastPath = "/toys/Building Blocks/1"
      document.lastToyCategory = "Building Blocks"
      document.lastStoryAges = "3-5"
    }
    let document = try PropertyListFile<PreferencesDocument>(url: url).read()
    XCTAssertEqual(document.lastPath, "/toys/Building Blocks/1")
    XCTAssertEqual(document.lastToyCategory, "Building Blocks")
    XCTAssertEqual(document.lastStoryAges, "3-5")
    XCTAssertNil(document.lastStoreCategory)
  }
}

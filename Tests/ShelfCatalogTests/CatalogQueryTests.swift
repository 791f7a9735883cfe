import ShelfCatalog
import ShelfDomain
import XCTest

final class CatalogQueryTests: XCTestCase {
  private func toy(
    _ id: Int, ages low: Int, _ high: Int, name: String = "Toy", brand: String = "Brand",
    category: String = "Puzzles", description: String = ""
  ) -> Toy {
    Toy(
      id: id, name: name, category: category, ages: AgeRange(minimum: low, maximum: high)!,
      price: Money(cents: 999), brand: brand, description: description)
  }

  private func ids(_ query: CatalogQuery, _ toys: [Toy]) -> [Int] {
    toys.filter(query.matches).map(\.id)
  }

  private lazy var ageSample = [
    toy(1, ages: 0, 3), toy(2, ages: 6, 9), toy(3, ages: 4, 5), toy(4, ages: 7, 12),
    toy(5, ages: 0, 2), toy(6, ages: 3, 6), toy(7, ages: 0, 14),
  ]

  // MARK: - Ages

  func testAgeWindowKeepsOverlappingRanges() {
    let query = CatalogQuery(text: "", minimumAge: 3, maximumAge: 6)
    XCTAssertEqual(ids(query, ageSample), [1, 2, 3, 6, 7])
    XCTAssertTrue(query.matchesAges(AgeRange(parsing: "0-3")!))
    XCTAssertTrue(query.matchesAges(AgeRange(parsing: "6-9")!))
    XCTAssertTrue(query.matchesAges(AgeRange(parsing: "4-5")!))
    XCTAssertFalse(query.matchesAges(AgeRange(parsing: "7-12")!))
    XCTAssertFalse(query.matchesAges(AgeRange(parsing: "0-2")!))
  }

  func testOnlyAMinimumAge() {
    let query = CatalogQuery(text: "", minimumAge: 7)
    XCTAssertEqual(ids(query, ageSample), [2, 4, 7])
    XCTAssertEqual(query.description, "ages 7 and up")
  }

  func testOnlyAMaximumAge() {
    let query = CatalogQuery(text: "", maximumAge: 2)
    XCTAssertEqual(ids(query, ageSample), [1, 5, 7])
    XCTAssertEqual(query.description, "ages up to 2")
  }

  func testNoAgeWindowKeepsEverything() {
    let query = CatalogQuery(text: "")
    XCTAssertTrue(query.isEmpty)
    XCTAssertEqual(ids(query, ageSample), [1, 2, 3, 4, 5, 6, 7])
    XCTAssertEqual(query.description, "everything")
  }

  func testStoriesAreFilteredByAges() {
    let story = Story(
      id: 1, title: "The Lantern Snail", ages: AgeRange(parsing: "3-5")!, author: "Oona",
      words: 400, page: "stories/1.html")
    XCTAssertTrue(CatalogQuery(text: "snail", minimumAge: 5, maximumAge: 8).matches(story))
    XCTAssertFalse(CatalogQuery(text: "snail", minimumAge: 6, maximumAge: 8).matches(story))
    XCTAssertTrue(CatalogQuery(text: "oona").matches(story))
  }

  func testAnAgeWindowLeavesOutProductsAndShows() {
    let product = Product(
      id: 1001, name: "Voltwave Phone", category: "Electronics", price: Money(cents: 100),
      description: "", image: "images/products/1001.png")
    XCTAssertTrue(CatalogQuery(text: "voltwave").matches(product))
    XCTAssertFalse(CatalogQuery(text: "voltwave", minimumAge: 3).matches(product))
    var show = Show(id: 1, name: "Under the Dome")
    show.genres = ["Drama", "Science-Fiction"]
    XCTAssertTrue(CatalogQuery(text: "dome").matches(show))
    XCTAssertTrue(CatalogQuery(text: "science").matches(show))
    XCTAssertFalse(CatalogQuery(text: "dome", maximumAge: 10).matches(show))
  }

  // MARK: - Text

  func testTextMatchingIgnoresCaseAndAccents() {
    let star = toy(1, ages: 3, 6, name: "Star Puzzle", brand: "Jouets Étoile")
    XCTAssertTrue(CatalogQuery(text: "etoile").matches(star))
    XCTAssertTrue(CatalogQuery(text: "ÉTOILE").matches(star))
    XCTAssertTrue(CatalogQuery(text: "JOUETS").matches(star))
    XCTAssertTrue(CatalogQuery(text: "étoile").matches(star))
    let plain = toy(2, ages: 3, 6, name: "Cafe Kitchen", brand: "Etoile")
    XCTAssertTrue(CatalogQuery(text: "Étoile café").matches(plain))
  }

  func testEveryWordMustAppear() {
    let star = toy(1, ages: 3, 6, name: "Star Puzzle", brand: "Jouets Étoile")
    XCTAssertTrue(CatalogQuery(text: "star etoile").matches(star))
    XCTAssertTrue(CatalogQuery(text: "  etoile   star ").matches(star))
    XCTAssertFalse(CatalogQuery(text: "star dragon").matches(star))
  }

  func testTextSearchesNameBrandDescriptionAndCategory() {
    let item = toy(
      1, ages: 3, 6, name: "Timberline Castle", brand: "Maple Hollow", category: "Building Blocks",
      description: "Arches and turrets")
    for text in ["timberline", "maple", "turrets", "blocks", "castle hollow building arches"] {
      XCTAssertTrue(CatalogQuery(text: text).matches(item), text)
    }
    XCTAssertFalse(CatalogQuery(text: "dragon").matches(item))
  }

  func testTextAndAgesMustBothMatch() {
    let item = toy(1, ages: 3, 6, name: "Star Puzzle")
    XCTAssertTrue(CatalogQuery(text: "star", minimumAge: 5, maximumAge: 9).matches(item))
    XCTAssertFalse(CatalogQuery(text: "star", minimumAge: 7, maximumAge: 9).matches(item))
    XCTAssertFalse(CatalogQuery(text: "moon", minimumAge: 5, maximumAge: 9).matches(item))
  }

  func testDescriptionReadsBackTheQuery() {
    XCTAssertEqual(
      CatalogQuery(text: "bear", minimumAge: 3, maximumAge: 6).description, "\"bear\" ages 3-6")
    XCTAssertEqual(CatalogQuery(text: "bear").description, "\"bear\"")
    XCTAssertFalse(CatalogQuery(text: "bear").isEmpty)
    XCTAssertFalse(CatalogQuery(text: "", minimumAge: 1).isEmpty)
  }
}

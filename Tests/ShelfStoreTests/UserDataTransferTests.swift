import Foundation
import ShelfDomain
import ShelfStore
import ShelfTestSupport
import XCTest

final class UserDataTransferTests: TemporaryDirectoryTestCase {
  /// What the catalog and the show store hold, for these tests.
  private static let known: [ItemID: String] = [
    ItemID(.toy, 42): "Hanna Dirndl Doll", ItemID(.toy, 5): "Stacking Rings",
    ItemID(.story, 7): "The Lantern Snail", ItemID(.product, 1001): "Voltwave X2 Smartphone",
    ItemID(.show, 1): "Under the Dome",
  ]

  private func name(_ item: ItemID) -> String? { Self.known[item] }

  /// The user's files in `directory`, opened as a start opens them (the household made).
  private func opened(_ directory: String) throws -> UserData {
    let data = UserData(directory: temporary.file(directory))
    try data.openProfiles()
    return data
  }

  private func populated() throws -> UserData {
    let data = try opened("first")
    try data.favorites.add(ItemID(.toy, 42), name: "Hanna Dirndl Doll")
    try data.favorites.add(ItemID(.story, 7), name: "The Lantern Snail")
    var show = Show(id: 1, name: "Under the Dome — «Ünïcødé» \u{202E}rtl 🎬")
    show.genres = ["Drama", "Science-Fiction"]
    show.runtime = 60
    try data.favorites.add(ItemID(.show, 1), show: show)
    try data.favorites.add(ItemID(.product, 1001), name: "Voltwave X2 Smartphone")
    try data.cart.add(ItemID(.product, 1001), quantity: 3, name: "Voltwave X2 Smartphone")
    try data.cart.add(ItemID(.toy, 5), quantity: 999, name: "Stacking Rings")
    try data.watched.mark(
      show: 1,
      episodes: [
        WatchedEpisode(
          id: 2, season: 1, number: 2, watchedAt: Date(timeIntervalSince1970: 1_600_000_000),
          plays: 3, lastWatchedAt: Date(timeIntervalSince1970: 1_700_000_000)),
        WatchedEpisode(id: 1),
      ])
    try data.tracking.update {
      $0.startRewatch(of: 1, at: Date(timeIntervalSince1970: 1_690_000_000))
    }
    return data
  }

  func testARoundTripThroughAFreshDirectoryReproducesTheStateExactly() throws {
    let first = try populated()
    let text = try UserDataTransfer.text(of: UserDataTransfer(data: first).export(.all))
    XCTAssertTrue(text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "printable ASCII only")
    let second = try opened("second")
    let summary = try UserDataTransfer(data: second).importing(
      UserDataTransfer.decode(Data(text.utf8)), name: name)
    XCTAssertEqual(summary.count(of: "favorite"), 4)
    XCTAssertEqual(summary.count(of: "cart line"), 2)
    XCTAssertEqual(summary.count(of: "watched episode"), 2)
    XCTAssertEqual(try second.favorites.read(), try first.favorites.read())
    XCTAssertEqual(try second.cart.read(), try first.cart.read())
    XCTAssertEqual(try second.watched.read(), try first.watched.read())
    XCTAssertEqual(
      try second.watched.read().mark(show: 1, episode: 2)?.plays, 3, "plays travel")
    XCTAssertEqual(
      try second.tracking.read().rewatchStarted(of: 1), Date(timeIntervalSince1970: 1_690_000_000))
    XCTAssertEqual(
      try UserDataTransfer.text(of: UserDataTransfer(data: second).export(.all)), text)
  }

  func testImportMergesAndReportsWhatItAddedAndChanged() throws {
    let first = try populated()
    let export = try UserDataTransfer(data: first).export(.all)
    let second = try opened("second")
    try second.cart.add(ItemID(.product, 1001), quantity: 1)
    try second.favorites.add(ItemID(.toy, 42))
    try second.favorites.add(ItemID(.show, 1), show: Show(id: 1, name: "Old name"))
    let summary = try UserDataTransfer(data: second).importing(export, name: name)
    // A line in both keeps the larger quantity; a show's saved data is the imported one; "me"
    // takes the lasting id of the exported "me" (so the two directories know one person).
    XCTAssertEqual(
      summary.description,
      "Added or changed 1 profile, 2 cart lines, 3 favorites, 2 watched episodes and 1 rewatch.")
    XCTAssertEqual(
      try second.favorites.read().shows.first?.name, "Under the Dome — «Ünïcødé» \u{202E}rtl 🎬")
    XCTAssertEqual(try second.cart.read().quantity(of: ItemID(.product, 1001)), 3)
    XCTAssertEqual(
      try UserDataTransfer(data: second).importing(export, name: name), ImportSummary())
  }

  func testAnExportOfOnePartHoldsOnlyThatPart() throws {
    let export = try UserDataTransfer(data: populated()).export(.cart)
    XCTAssertEqual(Array(export.household.keys), ["cart"])
    XCTAssertTrue(export.top.isEmpty)
    XCTAssertNil(export.profiles)
    XCTAssertEqual(export.household["cart"]?.weight, 2)
  }

  func testAFileThatIsNotAValidExportIsRefusedAndNothingChanges() throws {
    let cases: [(String, String)] = [
      ("not json at all", "not valid JSON (line 1, column 1: expected a value)"),
      ("[1, 2]", "not a JSON object"),
      (#"{"version": 1}"#, #"not a shelf export (no "format": "shelf-export")"#),
      (#"{"format": "shelf-export", "version": 9}"#, "written by a newer shelf (export version 9)"),
      (
        #"{"format": "shelf-export", "version": 1, "favorites": {"toys": [1], "stories": [], "products": []}}"#,
        "favorites.shows is missing"
      ),
      (
        #"{"format": "shelf-export", "version": 1, "cart": [{"kind": "toy", "id": 1, "quantity": 0}]}"#,
        "cart: toy:1 has quantity 0 (1 to 999)"
      ),
      (
        #"{"format": "shelf-export", "version": 1, "cart": [{"kind": "story", "id": 1, "quantity": 1}]}"#,
        "cart: story:1 cannot be in the cart"
      ),
      (
        #"{"format": "shelf-export", "version": 1, "cart": [{"kind": "boat", "id": 1, "quantity": 1}]}"#,
        "unexpected contents at cart[0].kind"
      ),
    ]
    let data = UserData(directory: temporary.file("data"))
    for (text, reason) in cases {
      XCTAssertThrowsError(try UserDataTransfer.decode(Data(text.utf8)), text) { error in
        XCTAssertEqual((error as? ImportError)?.reason, reason, text)
      }
    }
    XCTAssertEqual(temporary.names(), [], "nothing was written")
    XCTAssertTrue(try data.favorites.read().isEmpty)
  }

  // MARK: - Checked against the catalog

  func testItemsNeitherTheCatalogNorTheShowStoreHasAreLeftOutAndListed() throws {
    let export = try UserDataTransfer.decode(
      Data(
        #"""
        {"format": "shelf-export", "version": 1,
         "favorites": {"toys": [42, 9999], "stories": [], "products": [], "shows": [
           {"id": 1, "name": "Under the Dome"}, {"id": 777, "name": "Nowhere"}]},
         "cart": [{"kind": "toy", "id": 42, "quantity": 2}, {"kind": "product", "id": 5555, "quantity": 1}],
         "watched": [{"showId": 1, "episodes": [{"id": 10}]}, {"showId": 888, "episodes": [{"id": 11}]}]}
        """#.utf8))
    let data = try opened("data")
    let summary = try UserDataTransfer(data: data).importing(export, name: name)
    // A favourite show brings its saved data: it is kept, and so are its marks.
    XCTAssertEqual(
      summary.notImported.map(\.description), ["toy:9999", "product:5555", "show:888"])
    XCTAssertEqual(try data.favorites.read().toys, [42])
    XCTAssertEqual(try data.favorites.read().shows.map(\.id), [1, 777])
    XCTAssertEqual(try data.favorites.read().savedName(of: ItemID(.toy, 42)), "Hanna Dirndl Doll")
    XCTAssertEqual(try data.cart.read().lines.map(\.item), [ItemID(.toy, 42)])
    XCTAssertEqual(try data.cart.read().lines.first?.name, "Hanna Dirndl Doll")
    XCTAssertEqual(try data.watched.read().shows.map(\.showId), [1])
  }

  // MARK: - All or nothing

  private func bigExport() throws -> UserDataExport {
    var export = try UserDataTransfer(data: populated()).export(.all)
    export.top["watched"] = MergeableSet(members: [
      WatchedShow(showId: 1, episodes: (1...2_000).map { WatchedEpisode(id: $0) })
    ])
    return export
  }

  func testAnImportThatFailsHalfWayChangesNothing() throws {
    let data = try opened("data")
    try data.favorites.add(ItemID(.toy, 5), name: "Stacking Rings")
    try data.cart.add(ItemID(.toy, 5), quantity: 1, name: "Stacking Rings")
    let before = try ["profiles/me/favorites.plist", "cart.plist"].map {
      try Data(contentsOf: temporary.file("data/\($0)"))
    }
    // The watched marks cannot be staged.
    try FileManager.default.createDirectory(
      at: temporary.file("data/profiles/me/.watched.plist.staged/inside"),
      withIntermediateDirectories: true)
    XCTAssertThrowsError(try UserDataTransfer(data: data).importing(bigExport(), name: name)) {
      error in
      XCTAssertTrue(
        "\(error)".contains(".watched.plist.staged"), "the error names the file: \(error)")
    }
    let after = try ["profiles/me/favorites.plist", "cart.plist"].map {
      try Data(contentsOf: temporary.file("data/\($0)"))
    }
    XCTAssertEqual(after, before)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: temporary.file("data/profiles/me/watched.plist").path))
    XCTAssertEqual(
      (temporary.names(in: "data") + temporary.names(in: "data/profiles/me")).filter {
        $0.hasSuffix(".staged") || $0.contains("journal")
      },
      [".watched.plist.staged"], "the other staged files are gone")
  }

  func testAnImportKilledAfterItsJournalIsFinishedAtTheNextStart() throws {
    let data = try opened("data")
    try data.cart.add(ItemID(.toy, 5), quantity: 1, name: "Stacking Rings")
    let cart = temporary.file("data/cart.plist")
    let favorites = temporary.file("data/profiles/me/favorites.plist")
    // What a killed import left: both files staged, the journal written, one rename done.
    var newCart = CartDocument()
    newCart.lines = [CartLine(kind: .toy, id: 5, quantity: 7)]
    var newFavorites = FavoritesDocument()
    _ = newFavorites.add(ItemID(.toy, 42), name: "Hanna Dirndl Doll")
    try temporary.write(
      "data/profiles/me/favorites.plist", Data(try data.favorites.file.encoded(newFavorites)))
    try Data(try data.cart.file.encoded(newCart)).write(
      to: temporary.file("data/.cart.plist.staged"))
    try Data(
      "\(temporary.file("data/profiles/me/.favorites.plist.staged").path)\t\(favorites.path)\n\(temporary.file("data/.cart.plist.staged").path)\t\(cart.path)\n"
        .utf8
    ).write(to: temporary.file("data/.import-journal"))
    let restarted = UserData(directory: temporary.file("data"))
    restarted.removeStaleTemporaries()
    try restarted.openProfiles()
    XCTAssertEqual(try restarted.cart.read(), newCart)
    XCTAssertEqual(try restarted.favorites.read(), newFavorites)
    XCTAssertEqual(
      temporary.names(in: "data").filter { $0.hasPrefix(".") }, [], "journal and staging gone")
    XCTAssertEqual(restarted.takeWarnings(), [])
  }

  func testAnImportKilledBeforeItsJournalIsUndoneAtTheNextStart() throws {
    let data = UserData(directory: temporary.file("data"))
    try data.cart.add(ItemID(.toy, 5), quantity: 1, name: "Stacking Rings")
    let before = try data.cart.read()
    try Data("half".utf8).write(to: temporary.file("data/.cart.plist.staged"))
    let restarted = UserData(directory: temporary.file("data"))
    restarted.removeStaleTemporaries()
    XCTAssertEqual(try restarted.cart.read(), before)
    XCTAssertEqual(temporary.names(in: "data").filter { $0.hasPrefix(".") }, [])
  }

  func testWhatAKilledImportStagedInAProfileIsRemovedAtTheNextStart() throws {
    let data = try opened("data")
    try data.favorites.add(ItemID(.toy, 5), name: "Stacking Rings")
    let before = try data.favorites.read()
    try temporary.write("data/profiles/me/.favorites.plist.staged", "half")
    try temporary.write("data/profiles/me/.wishlist.plist.staged", "half")
    let restarted = UserData(directory: temporary.file("data"))
    restarted.removeStaleTemporaries()
    try restarted.openProfiles()
    XCTAssertEqual(try restarted.favorites.read(), before)
    XCTAssertEqual(temporary.names(in: "data/profiles/me").filter { $0.hasPrefix(".") }, [])
  }

  func testLeftoversInAnotherProfileAreRemovedWhenItsFilesAreFirstUsed() throws {
    let data = try opened("data")
    let mia = try data.household.add(ProfileName("Mia")!, born: nil)
    try data.person(for: mia).favorites.add(ItemID(.toy, 5), name: "Stacking Rings")
    let before = try data.person(for: mia).favorites.read()
    try temporary.write("data/profiles/mia/.favorites.plist.staged", "half")
    try temporary.write(
      "data/profiles/mia/.wishlist.plist.\(try EndedProcess.id())-0011223344556677.shelf-tmp",
      "half")

    let restarted = UserData(directory: temporary.file("data"))
    restarted.removeStaleTemporaries()
    try restarted.openProfiles()
    XCTAssertEqual(restarted.active.name, "me")
    XCTAssertEqual(try restarted.person(for: mia).favorites.read(), before)
    XCTAssertEqual(temporary.names(in: "data/profiles/mia").filter { $0.hasPrefix(".") }, [])
    XCTAssertEqual(restarted.takeWarnings(), [])
  }

  func testAStartWithNothingToFinishCreatesNothing() throws {
    let data = UserData(directory: temporary.file("absent"))
    data.removeStaleTemporaries()
    XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.file("absent").path))
  }

  // MARK: - Linear

  func testAnImportOfManyMarksOfOneShow() throws {
    // 5,000 marks in a plain run; CI's scale tier imports 60,000 (SHELF_SCALE_MARKS).
    let count = ScaleSettings.fromEnvironment().marks
    let data = try opened("data")
    try data.watched.mark(show: 1, episodes: (1...1_000).map { WatchedEpisode(id: $0) })
    var export = UserDataExport()
    export.top["watched"] = MergeableSet(members: [
      WatchedShow(showId: 1, episodes: (1...count).map { WatchedEpisode(id: $0, season: 1) })
    ])
    // Quadratic merging took minutes at 100,000 marks; its speed is measured by tools/bench
    // 40-import (1,000,000 marks), never timed in a test.
    let summary = try UserDataTransfer(data: data).importing(export, name: name)
    // The marks not there are added, and the 1,000 there took the season they lacked.
    XCTAssertEqual(summary.count(of: "watched episode"), count)
    let marks = try UserData(directory: temporary.file("data")).watched.read().episodes(show: 1)
    XCTAssertEqual(marks.count, count)
    XCTAssertEqual(marks.first, WatchedEpisode(id: 1, season: 1))
  }
}

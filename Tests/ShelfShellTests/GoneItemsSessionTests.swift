import Foundation
import ShelfCatalog
import ShelfDomain
import ShelfShell
import XCTest

/// The catalog changes under a saved cart and saved favourites: what it no longer has stays
/// listed by the name it was saved with, can be removed by id, by number and by name, and is
/// left out of the total.
final class GoneItemsSessionTests: XCTestCase {
  private var files: TestLibrary!
  private var changedCatalog: URL!

  override func setUpWithError() throws {
    files = try TestLibrary()
    changedCatalog = files.dataDirectory.deletingLastPathComponent()
      .appendingPathComponent("catalog")
    try FileManager.default.createDirectory(at: changedCatalog, withIntermediateDirectories: true)
    let original = TestLibrary.catalogDirectory
    for name in try FileManager.default.contentsOfDirectory(atPath: original.path) {
      let source = original.appendingPathComponent(name)
      let copy = changedCatalog.appendingPathComponent(name)
      guard name.hasSuffix(".tsv") else {
        try FileManager.default.createSymbolicLink(at: copy, withDestinationURL: source)
        continue
      }
      // The next catalog has no toy 42 ("Hanna Dirndl Doll") and no story 7.
      let gone = name == "toys.tsv" ? "42\t" : name == "stories.tsv" ? "7\t" : nil
      let lines = try String(contentsOf: source, encoding: .utf8)
        .components(separatedBy: "\n").filter { line in gone.map { !line.hasPrefix($0) } ?? true }
      try lines.joined(separator: "\n").write(to: copy, atomically: false, encoding: .utf8)
    }
  }

  override func tearDown() {
    files = nil
  }

  private func session(catalog: Catalog? = nil) throws -> Session {
    Session(
      library: try files.make(catalog: catalog), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
  }

  /// A session on the catalog without toy 42 and story 7.
  private func sessionAfterTheChange() throws -> Session {
    try session(catalog: try CatalogLoader(directory: changedCatalog).load())
  }

  private func saveCartAndFavorites() throws {
    let before = try session()
    _ = run(before, "buy toy:42 -n 3")
    _ = run(before, "buy toy:1 -n 2")
    _ = run(before, "fav toy:42")
    _ = run(before, "fav story:7")
    _ = run(before, "fav toy:1")
  }

  func testTheCartListsAGoneLineByItsSavedNameAndLeavesItOutOfTheTotal() throws {
    try saveCartAndFavorites()
    let after = try sessionAfterTheChange()
    let cart = plain(run(after, "cart"))
    let gone = row(containing: "toy:42", in: cart)
    XCTAssertTrue(gone.contains("Hanna Dirndl Doll (no longer in the catalog)"), gone)
    XCTAssertTrue(gone.contains("3"), gone)
    XCTAssertTrue(
      cart.contains("Total: $79.98 (2 items; 1 line no longer available)"), cart)
    let home = plain(run(after, "ls /"))
    XCTAssertTrue(row(containing: "cart/", in: home).contains("2 items"), home)
    let rows = try XCTUnwrap(json(run(after, "ls /cart"))["rows"] as? [[String: Any]])
    XCTAssertEqual(rows.first?["name"] as? String, "Hanna Dirndl Doll")
    XCTAssertEqual(rows.first?["available"] as? Bool, false)
    XCTAssertEqual(rows.last?["available"] as? Bool, true)
  }

  func testAGoneLineIsRemovedByItsNumberIdAndName() throws {
    // The whole name, in any case (the start of it would ask first).
    for reference in ["42", "toy:42", "\"hanna dirndl doll\"", "hanna -y"] {
      try saveCartAndFavorites()
      let after = try sessionAfterTheChange()
      _ = run(after, "cd /cart")
      let removed = run(after, "rm \(reference)")
      XCTAssertTrue(
        plain(removed).contains("Removed \"Hanna Dirndl Doll\" from the cart."), reference)
      XCTAssertFalse(plain(removed).contains("toy:42"), plain(removed))
      XCTAssertFalse(plain(removed).contains("no longer available"), plain(removed))
    }
  }

  func testQtyZeroRemovesAGoneLineAndAnotherQuantityIsRefused() throws {
    try saveCartAndFavorites()
    let after = try sessionAfterTheChange()
    _ = run(after, "cd /cart")
    XCTAssertEqual(
      after.execute("qty toy:42 5").errorMessage,
      "qty: \"Hanna Dirndl Doll\" (toy:42) is no longer in the catalog; it can only be removed")
    XCTAssertFalse(plain(run(after, "qty toy:42 0")).contains("toy:42"))
  }

  func testOpenSaysTheItemIsGone() throws {
    try saveCartAndFavorites()
    let after = try sessionAfterTheChange()
    _ = run(after, "cd /favorites")
    XCTAssertEqual(
      after.execute("open 42").errorMessage,
      "open: \"Hanna Dirndl Doll\" (toy:42) is no longer in the catalog; it can only be removed")
    XCTAssertEqual(after.location.path, "/favorites")
  }

  func testFavoritesListWhatIsGoneAndTheHomeCountMatches() throws {
    try saveCartAndFavorites()
    let after = try sessionAfterTheChange()
    let favorites = plain(run(after, "ls /favorites"))
    XCTAssertTrue(favorites.contains("Toys (2)"), favorites)
    XCTAssertTrue(
      row(containing: "toy:42", in: favorites).contains("Hanna Dirndl Doll"), favorites)
    XCTAssertTrue(
      row(containing: "toy:42", in: favorites).contains("no longer in the catalog"), favorites)
    XCTAssertTrue(
      row(containing: "story:7", in: favorites).contains("The Lantern Snail"), favorites)
    let home = plain(run(after, "ls /"))
    XCTAssertTrue(row(containing: "favorites/", in: home).contains("3 saved"), home)
    let rows = try XCTUnwrap(json(run(after, "ls /favorites"))["rows"] as? [[String: Any]])
    XCTAssertEqual(rows.count, 3)
  }

  func testUnfavRemovesAGoneFavoriteFromAnywhere() throws {
    try saveCartAndFavorites()
    let after = try sessionAfterTheChange()
    _ = run(after, "cd /toys")
    XCTAssertEqual(
      plain(run(after, "unfav toy:42 -y")), "Removed \"Hanna Dirndl Doll\" from favorites.\n")
    _ = run(after, "cd /favorites")
    XCTAssertTrue(plain(run(after, "unfav 7 -y")).contains("The Lantern Snail"))
    XCTAssertFalse(plain(run(after, "ls /favorites")).contains("no longer"))
  }

  func testAnEntrySavedWithoutANameIsListedByItsKindQualifiedId() throws {
    let cart = """
      <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
      <key>version</key><integer>1</integer><key>lines</key><array>
      <dict><key>kind</key><string>toy</string><key>id</key><integer>42</integer>\
      <key>quantity</key><integer>3</integer></dict>
      </array></dict></plist>
      """
    try Data(cart.utf8).write(to: files.dataDirectory.appendingPathComponent("cart.plist"))
    let after = try sessionAfterTheChange()
    let listing = plain(run(after, "cart"))
    XCTAssertTrue(row(containing: "toy:42", in: listing).contains("toy:42 (no longer"), listing)
    XCTAssertTrue(listing.contains("Total: $0.00 (0 items; 1 line no longer available)"), listing)
    XCTAssertTrue(plain(run(after, "rm 42")).contains("The cart is empty"))
  }
}

/// Answers yes after another shell has removed the favourite, as if it did so while the
/// question was on the screen.
private final class RemovingAsker: Asking {
  let meanwhile: () -> Void

  init(meanwhile: @escaping () -> Void) {
    self.meanwhile = meanwhile
  }

  func ask(_ question: Question) -> String? {
    meanwhile()
    return "y"
  }
}

final class UnfavoriteRaceTests: XCTestCase {
  func testUnfavSaysSoWhenAnotherShellRemovedTheFavoriteWhileItAsked() throws {
    let files = try TestLibrary()
    let other = try files.make()
    XCTAssertTrue(try other.userData.favorites.add(ItemID(.toy, 42), name: "Hanna Dirndl Doll"))
    let session = Session(
      library: try files.make(), options: SessionOptions(interactive: true),
      asker: RemovingAsker {
        _ = try? other.userData.favorites.remove(ItemID(.toy, 42))
      },
      opener: RecordingOpener())
    let outcome = session.execute("unfav toy:42")
    XCTAssertNil(outcome.error)
    XCTAssertEqual(
      plain(outcome), "\"Hanna Dirndl Doll\" was not a favorite (already removed).\n")
  }
}

import Foundation
import ShelfCatalog
import ShelfStore
import ShelfTestSupport
import XCTest

final class UserDataTransferTests: TemporaryDirectoryTestCase {
  private func populated() throws -> UserData {
    let data = UserData(directory: temporary.file("first"))
    try data.favorites.add(ItemID(.toy, 42))
    try data.favorites.add(ItemID(.story, 7))
    var show = Show(id: 1, name: "Under the Dome — «Ünïcødé» \u{202E}rtl 🎬")
    show.genres = ["Drama", "Science-Fiction"]
    show.runtime = 60
    try data.favorites.add(ItemID(.show, 1), show: show)
    try data.favorites.add(ItemID(.product, 1001))
    try data.cart.add(ItemID(.product, 1001), quantity: 3)
    try data.cart.add(ItemID(.toy, 5), quantity: 999)
    try data.watched.mark(
      show: 1, episodes: [WatchedEpisode(id: 2, season: 1, number: 2), WatchedEpisode(id: 1)])
    return data
  }

  func testARoundTripThroughAFreshDirectoryReproducesTheStateExactly() throws {
    let first = try populated()
    let text = try UserDataTransfer.text(of: UserDataTransfer(data: first).export(.all))
    XCTAssertTrue(text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "printable ASCII only")
    let second = UserData(directory: temporary.file("second"))
    let summary = try UserDataTransfer(data: second).importing(
      UserDataTransfer.decode(Data(text.utf8)))
    XCTAssertEqual(summary.addedFavorites, 4)
    XCTAssertEqual(summary.addedCartLines, 2)
    XCTAssertEqual(summary.addedWatched, 2)
    XCTAssertEqual(try second.favorites.read(), try first.favorites.read())
    XCTAssertEqual(try second.cart.read(), try first.cart.read())
    XCTAssertEqual(try second.watched.read(), try first.watched.read())
    XCTAssertEqual(
      try UserDataTransfer.text(of: UserDataTransfer(data: second).export(.all)), text)
  }

  func testImportMergesAndReportsWhatItAddedAndChanged() throws {
    let first = try populated()
    let export = try UserDataTransfer(data: first).export(.all)
    let second = UserData(directory: temporary.file("second"))
    try second.cart.add(ItemID(.product, 1001), quantity: 1)
    try second.favorites.add(ItemID(.toy, 42))
    try second.favorites.add(ItemID(.show, 1), show: Show(id: 1, name: "Old name"))
    let summary = try UserDataTransfer(data: second).importing(export)
    XCTAssertEqual(
      summary.description,
      "Added 2 favorites, 1 cart line, 2 watched episodes; changed 1 favorite show, 1 cart quantity."
    )
    XCTAssertEqual(try second.cart.read().quantity(of: ItemID(.product, 1001)), 3)
    XCTAssertEqual(try UserDataTransfer(data: second).importing(export), ImportSummary())
  }

  func testAnExportOfOnePartHoldsOnlyThatPart() throws {
    let export = try UserDataTransfer(data: populated()).export(.cart)
    XCTAssertNil(export.favorites)
    XCTAssertNil(export.watched)
    XCTAssertEqual(export.cart?.count, 2)
  }

  func testAFileThatIsNotAValidExportIsRefusedAndNothingChanges() throws {
    let cases: [(String, String)] = [
      ("not json at all", "not a JSON object"),
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
}

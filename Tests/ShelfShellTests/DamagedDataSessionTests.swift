import Foundation
import ShelfShell
import XCTest

final class DamagedDataSessionTests: XCTestCase {
  func testAFavoritesFileNestedTenThousandLevelsDeepIsSetAsideAndTheShellGoesOn() throws {
    let files = try TestLibrary()
    let favorites = files.dataDirectory.appendingPathComponent("favorites.plist")
    let deep =
      #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"#
      + String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000)
      + "</plist>"
    try Data(deep.utf8).write(to: favorites)
    let session = Session(
      library: try files.make(), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    let listing = session.execute("ls /favorites")
    XCTAssertNil(listing.error)
    XCTAssertEqual(listing.warnings.count, 1, "\(listing.warnings)")
    XCTAssertTrue(
      listing.warnings.first?.contains("(nested more than 64 levels deep); moved it aside")
        ?? false,
      "\(listing.warnings)")
    XCTAssertNil(session.execute("fav toy:1").error)
    XCTAssertEqual(session.execute("fav toy:1").warnings, [])
    let names = try FileManager.default.contentsOfDirectory(atPath: files.personDirectory.path)
    XCTAssertEqual(names.filter { $0.hasPrefix("favorites.plist.corrupt-") }.count, 1)
  }

  func testBadCartQuantitiesAreReportedOnceAndTheRepairIsSavedWithTheOriginalBeside() throws {
    let files = try TestLibrary()
    let cart = """
      <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
      <key>version</key><integer>1</integer><key>lines</key><array>
      <dict><key>kind</key><string>toy</string><key>id</key><integer>1</integer>\
      <key>quantity</key><integer>0</integer></dict>
      <dict><key>kind</key><string>toy</string><key>id</key><integer>2</integer>\
      <key>quantity</key><integer>1000000000</integer></dict>
      </array></dict></plist>
      """
    try Data(cart.utf8).write(to: files.dataDirectory.appendingPathComponent("cart.plist"))
    let session = Session(
      library: try files.make(), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    let listing = session.execute("cart")
    XCTAssertNil(listing.error)
    XCTAssertEqual(listing.warnings.count, 3, "\(listing.warnings)")
    XCTAssertTrue(listing.warnings[0].hasSuffix("toy:1 had quantity 0; dropped it from the cart"))
    XCTAssertTrue(listing.warnings[1].hasSuffix("toy:2 had quantity 1000000000; set it to 999"))
    XCTAssertTrue(
      listing.warnings[2].contains("saved the repairs; the file as it was is "),
      listing.warnings[2])
    XCTAssertEqual(session.execute("cart").warnings, [])
    // The next start reads the repaired file: no warning again, the original kept beside it.
    let restarted = Session(
      library: try files.make(), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    let again = restarted.execute("cart")
    XCTAssertEqual(again.warnings, [])
    XCTAssertTrue(plain(again).contains("(999 items)"), plain(again))
    let names = try FileManager.default.contentsOfDirectory(atPath: files.dataDirectory.path)
    let kept = names.filter { $0.hasPrefix("cart.plist.before-repair-") }
    XCTAssertEqual(kept.count, 1, "\(names)")
    XCTAssertEqual(
      try String(
        contentsOf: files.dataDirectory.appendingPathComponent(kept.first ?? ""), encoding: .utf8),
      cart)
  }
}

import Foundation
import ShelfCatalog
import ShelfStore
import ShelfTestSupport
import XCTest

/// The compact copy of `profiles.plist` that a start reads instead of decoding the property
/// list: the same people as the file while the file is the one it was made from, and never once
/// the file changed or the copy is damaged.
final class HouseholdSnapshotTests: TemporaryDirectoryTestCase {
  private var dataDirectory: URL { temporary.file("data") }
  private var url: URL { dataDirectory.appendingPathComponent("profiles.plist") }
  private var copies: URL { temporary.file("cache/tracker") }
  /// A clock past the settling time, so that a file written just now may be copied.
  private let later: () -> Date = { Date().addingTimeInterval(10) }

  private func reader() -> Household {
    Household(dataDirectory: dataDirectory, copiesDirectory: copies, now: later)
  }

  private var copyFiles: [URL] {
    ((try? FileManager.default.contentsOfDirectory(at: copies, includingPropertiesForKeys: nil))
      ?? []).filter { $0.lastPathComponent.hasPrefix("profiles-") }
  }

  /// A household with a child, a renamed adult whose move is under way, the last one chosen
  /// and the first start's move recorded: every field the document has.
  private func writeHousehold() throws -> HouseholdDocument {
    let household = Household(dataDirectory: dataDirectory)
    try household.add(try XCTUnwrap(ProfileName("Zoé")), born: nil)
    let mia = try household.add(
      try XCTUnwrap(ProfileName("Mia")), born: BirthMonth(parsing: "2019-05"))
    try household.remember(mia.id)
    try household.file.update { document in
      document.profiles[0].movingFrom = "zoe"
      document.takingOldFiles = mia.id
    }
    return try household.read()
  }

  /// A copy of `document` made for the file as it is now: what a reader trusts.
  private func plantCopy(_ document: HouseholdDocument) throws {
    let source = try XCTUnwrap(SourceIdentity(path: url.path))
    XCTAssertTrue(
      HouseholdDocument.snapshot(of: url, in: copies).write(document, source: source, now: later()))
  }

  private func someoneElse() -> HouseholdDocument {
    var document = HouseholdDocument()
    document.profiles = [ProfileRecord(id: 7, name: "Copy")]
    document.nextID = 8
    return document
  }

  func testTheFirstReaderMakesTheCopyAndTheNextReadsTheSameHouseholdFromIt() throws {
    let expected = try writeHousehold()
    XCTAssertEqual(try reader().read(), expected)
    XCTAssertEqual(copyFiles.count, 1, "the first reader keeps a copy")
    let fromCopy = try reader().read()
    XCTAssertEqual(fromCopy, expected)
    XCTAssertEqual(fromCopy.profiles.map(\.name), ["Zoé", "Mia"])
    XCTAssertEqual(fromCopy.profiles.map(\.born), [nil, "2019-05"])
    XCTAssertEqual(fromCopy.profiles.map(\.movingFrom), ["zoe", nil])
    // The copy is what a new reader reads while the file is unchanged.
    try plantCopy(someoneElse())
    XCTAssertEqual(try reader().read().profiles.map(\.name), ["Copy"])
  }

  func testAHouseholdChangedByASecondShellIsReadAgain() throws {
    _ = try writeHousehold()
    try plantCopy(someoneElse())
    XCTAssertEqual(try reader().read().profiles.map(\.name), ["Copy"])
    try Household(dataDirectory: dataDirectory).add(try XCTUnwrap(ProfileName("Leo")), born: nil)
    XCTAssertEqual(try reader().read().profiles.map(\.name), ["Zoé", "Mia", "Leo"])
  }

  func testADamagedShortOrOtherVersionCopyIsNotUsed() throws {
    let expected = try writeHousehold()
    for (name, damage) in CopyDamage.all(kinds: ["profiles-2"]) {
      try plantCopy(someoneElse())
      XCTAssertEqual(try reader().read().profiles.map(\.name), ["Copy"], name)
      try CopyDamage.apply(damage, to: try XCTUnwrap(copyFiles.first))
      XCTAssertEqual(try reader().read(), expected, name)
    }
  }

  func testAnUnwritableCopiesDirectoryStillReads() throws {
    let expected = try writeHousehold()
    try temporary.write("cache/tracker", "not a directory")
    XCTAssertEqual(try reader().read(), expected)
    XCTAssertEqual(try reader().read(), expected)
  }
}

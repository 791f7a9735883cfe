import Foundation
import ShelfDomain
import ShelfFiles
import ShelfTestSupport
import XCTest

@testable import ShelfStore

/// A hand-edited file costs only its bad entries and is repaired on disk once; a file that
/// cannot be opened for reading is an error naming it, and stays where it is.
final class RepairAndUnreadableFileTests: TemporaryDirectoryTestCase {
  private static let fixedNow = Date(timeIntervalSince1970: 1_700_000_000)

  private func cartFile() -> PropertyListFile<CartDocument> {
    PropertyListFile(url: temporary.file("cart.plist"), now: { Self.fixedNow })
  }

  private func favoritesFile() -> PropertyListFile<FavoritesDocument> {
    PropertyListFile(url: temporary.file("favorites.plist"), now: { Self.fixedNow })
  }

  private func writeCart(_ lines: [[String: Any]]) throws -> Data {
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["version": 1, "lines": lines], format: .xml, options: 0)
    try data.write(to: temporary.file("cart.plist"))
    return data
  }

  // MARK: - Repairs

  func testOneLineOfAnUnknownKindCostsOnlyThatLine() throws {
    _ = try writeCart([
      ["kind": "toy", "id": 1, "quantity": 2],
      ["kind": "robot", "id": 5, "quantity": 1],
      ["kind": "product", "id": 1001, "quantity": 3],
    ])
    let file = cartFile()
    XCTAssertEqual(
      try file.read().lines,
      [CartLine(kind: .toy, id: 1, quantity: 2), CartLine(kind: .product, id: 1001, quantity: 3)])
    let warnings = file.takeWarnings().map(\.description)
    XCTAssertTrue(
      warnings.first?.hasSuffix("line 2 (robot:5) could not be read; dropped it from the cart")
        ?? false, "\(warnings)")
    XCTAssertFalse(temporary.names().contains { $0.contains(".corrupt-") }, "\(temporary.names())")
  }

  func testDuplicateLinesMergeWithTheirQuantitiesAddedUpTo999() throws {
    _ = try writeCart([
      ["kind": "toy", "id": 1, "quantity": 2],
      ["kind": "toy", "id": 1, "quantity": 3],
      ["kind": "product", "id": 1001, "quantity": 600],
      ["kind": "product", "id": 1001, "quantity": 600],
    ])
    let file = cartFile()
    XCTAssertEqual(
      try file.read().lines,
      [
        CartLine(kind: .toy, id: 1, quantity: 5), CartLine(kind: .product, id: 1001, quantity: 999),
      ])
    let warnings = file.takeWarnings().map(\.description)
    XCTAssertTrue(
      warnings.contains { $0.hasSuffix("toy:1 had more than one line; merged them (quantity 5)") },
      "\(warnings)")
    XCTAssertTrue(
      warnings.contains {
        $0.hasSuffix("product:1001 had more than one line; merged them (quantity 999)")
      }, "\(warnings)")
  }

  func testARepairIsSavedOnceAndTheOriginalIsKeptBesideIt() throws {
    let original = try writeCart([
      ["kind": "toy", "id": 1, "quantity": 5000],
      ["kind": "toy", "id": 2, "quantity": -3],
    ])
    let first = cartFile()
    XCTAssertEqual(try first.read().lines, [CartLine(kind: .toy, id: 1, quantity: 999)])
    XCTAssertEqual(first.takeWarnings().count, 3)
    let kept = temporary.file("cart.plist.before-repair-" + stamp())
    XCTAssertEqual(try Data(contentsOf: kept), original)
    // Another process (a new start) reads the repaired file without a word.
    let second = cartFile()
    XCTAssertEqual(try second.read().lines, [CartLine(kind: .toy, id: 1, quantity: 999)])
    XCTAssertEqual(second.takeWarnings(), [])
    XCTAssertEqual(
      temporary.names().filter { $0.hasPrefix("cart.plist") }.sorted(),
      ["cart.plist", "cart.plist.before-repair-" + stamp(), "cart.plist.lock"])
  }

  func testAChangeToAFileThatNeededRepairsSavesTheRepairsWithIt() throws {
    let original = try writeCart([["kind": "toy", "id": 1, "quantity": 5000]])
    let file = cartFile()
    try file.update { $0.lines.append(CartLine(kind: .toy, id: 2, quantity: 1)) }
    XCTAssertEqual(
      try cartFile().read().lines,
      [CartLine(kind: .toy, id: 1, quantity: 999), CartLine(kind: .toy, id: 2, quantity: 1)])
    XCTAssertEqual(
      try Data(contentsOf: temporary.file("cart.plist.before-repair-" + stamp())), original)
  }

  func testAFavoritesEntryThatIsNotAnIdCostsOnlyItselfAndTwinsAreKeptOnce() throws {
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["version": 1, "toys": [1, "two", 3, 1], "stories": [7]], format: .xml,
      options: 0)
    try data.write(to: temporary.file("favorites.plist"))
    let file = favoritesFile()
    let favorites = try file.read()
    XCTAssertEqual(favorites.toys, [1, 3])
    XCTAssertEqual(favorites.stories, [7])
    let warnings = file.takeWarnings().map(\.description)
    XCTAssertTrue(
      warnings.contains { $0.hasSuffix("entry 2 of toys is not an id; dropped it") }, "\(warnings)")
    XCTAssertTrue(
      warnings.contains { $0.hasSuffix("toy:1 was saved twice; kept it once") }, "\(warnings)")
  }

  func testNamesAreKeptWithTheEntriesAndForgottenWithThem() throws {
    let file = favoritesFile()
    try file.update { _ = $0.add(ItemID(.toy, 42), name: "Rosie") }
    try file.update { _ = $0.add(ItemID(.story, 7), name: "The <Lantern> & Snail") }
    XCTAssertEqual(try favoritesFile().read().savedName(of: ItemID(.toy, 42)), "Rosie")
    XCTAssertEqual(
      try favoritesFile().read().savedName(of: ItemID(.story, 7)), "The <Lantern> & Snail")
    try file.update { _ = $0.remove(ItemID(.toy, 42)) }
    XCTAssertEqual(try favoritesFile().read().names, ["story:7": "The <Lantern> & Snail"])
    let cart = Cart(file: cartFile())
    try cart.add(ItemID(.toy, 1), quantity: 1, name: "Dino")
    XCTAssertEqual(try cartFile().read().lines.first?.name, "Dino")
  }

  // MARK: - Files that cannot be read

  private func assertUnreadable(
    _ expected: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try favoritesFile().read(), file: file, line: line) { error in
      XCTAssertEqual(
        (error as? StoreError)?.description,
        "cannot read \(temporary.file("favorites.plist").path): \(expected)", file: file,
        line: line)
    }
    XCTAssertThrowsError(try favoritesFile().update { _ = $0.add(ItemID(.toy, 1)) })
    XCTAssertFalse(
      temporary.names().contains { $0.contains(".corrupt-") }, "never moved aside",
      file: file, line: line)
  }

  func testADirectoryInPlaceOfTheFileIsAnErrorAndStaysWhereItIs() throws {
    try FileManager.default.createDirectory(
      at: temporary.file("favorites.plist"), withIntermediateDirectories: false)
    assertUnreadable("Is a directory")
    var isDirectory: ObjCBool = false
    XCTAssertTrue(
      FileManager.default.fileExists(
        atPath: temporary.file("favorites.plist").path, isDirectory: &isDirectory)
        && isDirectory.boolValue)
  }

  func testAPipeInPlaceOfTheFileIsAnErrorAndNothingWaits() throws {
    XCTAssertEqual(mkfifo(temporary.file("favorites.plist").path, 0o600), 0)
    assertUnreadable("a pipe (FIFO), not a regular file")
  }

  func testALinkToADeviceIsAnErrorAndNothingIsReadFromIt() throws {
    try FileManager.default.createSymbolicLink(
      atPath: temporary.file("favorites.plist").path, withDestinationPath: "/dev/zero")
    assertUnreadable("a device, not a regular file")
  }

  func testAFileOverTheLimitIsAnErrorAndStaysWhereItIs() throws {
    let url = temporary.file("favorites.plist")
    XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(PropertyListFile<FavoritesDocument>.sizeLimit + 1))
    try handle.close()
    assertUnreadable("larger than 256 MiB")
  }

  func testAFileTheUserMayNotReadIsAnErrorAndStaysWhereItIs() throws {
    if geteuid() == 0 {
      throw XCTSkip("running as root: permissions do not stop root from reading")
    }
    try Data("<plist/>".utf8).write(to: temporary.file("favorites.plist"))
    chmod(temporary.file("favorites.plist").path, 0)
    assertUnreadable("Permission denied")
  }

  func testAReadFailureReadsAsAReadingFailure() {
    let error = StoreError(FileError(path: "/x/cart.plist", operation: .read, reason: "Busy"))
    XCTAssertEqual(error.description, "cannot read /x/cart.plist: Busy")
  }

  private func stamp() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return formatter.string(from: Self.fixedNow)
  }
}

import Foundation
import ShelfDomain
import ShelfTestSupport
import XCTest

@testable import ShelfStore

final class PropertyListFileTests: TemporaryDirectoryTestCase {
  private var cartURL: URL { temporary.file("cart.plist") }

  /// A fixed clock, so that set-aside names are predictable.
  private static let fixedNow = Date(timeIntervalSince1970: 1_700_000_000)

  private func cartFile(_ url: URL? = nil) -> PropertyListFile<CartDocument> {
    PropertyListFile(url: url ?? cartURL, now: { Self.fixedNow })
  }

  private func addLine(_ kind: ItemKind, _ id: Int, quantity: Int = 1) -> (inout CartDocument) ->
    Void
  {
    { document in document.lines.append(CartLine(kind: kind, id: id, quantity: quantity)) }
  }

  private func contents(_ url: URL) throws -> Data {
    try Data(contentsOf: url)
  }

  /// Writes a cart with one line through the API, returning the bytes on disk.
  @discardableResult
  private func writeOneLineCart() throws -> Data {
    try cartFile().update(addLine(.toy, 42, quantity: 2))
    return try contents(cartURL)
  }

  private func plist(_ object: Any) throws -> Data {
    try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
  }

  private func assertStoreError(
    _ expression: @autoclosure () throws -> some Any, file: StaticString = #filePath,
    line: UInt = #line, _ check: (StoreError) -> Void
  ) {
    XCTAssertThrowsError(try expression(), file: file, line: line) { error in
      guard let error = error as? StoreError else {
        return XCTFail("not a StoreError: \(error)", file: file, line: line)
      }
      check(error)
    }
  }

  // MARK: - Reading and writing

  func testReadingAMissingFileGivesAnEmptyDocument() throws {
    let file = cartFile()
    XCTAssertEqual(try file.read(), CartDocument())
    XCTAssertEqual(try file.read().lines, [])
    XCTAssertEqual(try file.read().version, CartDocument.currentVersion)
    XCTAssertEqual(file.takeWarnings(), [])
    XCTAssertEqual(temporary.names(), [], "reading creates nothing")
  }

  func testReadingInAMissingDirectoryGivesAnEmptyDocument() throws {
    let file = cartFile(temporary.file("not/yet/there/cart.plist"))
    XCTAssertEqual(try file.read(), CartDocument())
    XCTAssertEqual(temporary.names(), [])
  }

  func testUpdateWritesAnXMLPropertyListWithAVersion() throws {
    let data = try writeOneLineCart()
    let text = String(decoding: data, as: UTF8.self)
    XCTAssertTrue(text.hasPrefix("<?xml"), text)
    XCTAssertTrue(text.contains("<plist"), text)
    XCTAssertTrue(text.contains("<key>version</key>"), text)
    var format = PropertyListSerialization.PropertyListFormat.binary
    let object = try PropertyListSerialization.propertyList(from: data, format: &format)
    XCTAssertEqual(format, .xml)
    let dictionary = try XCTUnwrap(object as? [String: Any])
    XCTAssertEqual(dictionary["version"] as? Int, 1)
    let lines = try XCTUnwrap(dictionary["lines"] as? [[String: Any]])
    XCTAssertEqual(lines.count, 1)
    XCTAssertEqual(lines.first?["kind"] as? String, "toy")
    XCTAssertEqual(lines.first?["id"] as? Int, 42)
    XCTAssertEqual(lines.first?["quantity"] as? Int, 2)
  }

  func testUpdateCreatesTheDataDirectory() throws {
    let url = temporary.file("deep/data/dir/cart.plist")
    try cartFile(url).update(addLine(.product, 1001))
    XCTAssertEqual(
      try cartFile(url).read().lines, [CartLine(kind: .product, id: 1001, quantity: 1)])
  }

  func testUpdateReturnsTheChangesResultAndAnotherInstanceReadsIt() throws {
    let result = try cartFile().update { document -> Int in
      document.lines.append(CartLine(kind: .toy, id: 1, quantity: 3))
      return document.lines.count
    }
    XCTAssertEqual(result, 1)
    try cartFile().update(addLine(.product, 1001, quantity: 5))
    let document = try cartFile().read()
    XCTAssertEqual(
      document.lines,
      [
        CartLine(kind: .toy, id: 1, quantity: 3),
        CartLine(kind: .product, id: 1001, quantity: 5),
      ])
  }

  func testNoTemporaryFilesAreLeftAfterAnUpdate() throws {
    try writeOneLineCart()
    try cartFile().update(addLine(.toy, 43))
    XCTAssertEqual(temporary.names(), ["cart.plist", "cart.plist.lock"])
  }

  func testTheFileIsPrivateToTheUser() throws {
    try writeOneLineCart()
    let attributes = try FileManager.default.attributesOfItem(atPath: cartURL.path)
    let permissions = try XCTUnwrap(attributes[.posixPermissions] as? Int)
    XCTAssertEqual(permissions & 0o077, 0, String(permissions, radix: 8))
  }

  func testAnUpdateThatThrowsLeavesTheFileByteForByteUnchanged() throws {
    let before = try writeOneLineCart()
    let modified =
      try FileManager.default.attributesOfItem(atPath: cartURL.path)[
        .modificationDate] as? Date
    XCTAssertThrowsError(
      try cartFile().update { document in
        document.lines.removeAll()
        document.lines.append(CartLine(kind: .product, id: 9, quantity: 9))
        throw TestFailure(message: "refused")
      }
    ) { error in
      XCTAssertEqual(error as? TestFailure, TestFailure(message: "refused"))
    }
    XCTAssertEqual(try contents(cartURL), before)
    XCTAssertEqual(
      try FileManager.default.attributesOfItem(atPath: cartURL.path)[.modificationDate] as? Date,
      modified)
    XCTAssertEqual(temporary.names(), ["cart.plist", "cart.plist.lock"])
  }

  func testAnUpdateThatThrowsOnAMissingFileWritesNothing() throws {
    XCTAssertThrowsError(
      try cartFile().update { document in
        document.lines.append(CartLine(kind: .toy, id: 1, quantity: 1))
        throw TestFailure(message: "refused")
      })
    XCTAssertFalse(FileManager.default.fileExists(atPath: cartURL.path))
    XCTAssertEqual(try cartFile().read(), CartDocument())
  }

  // MARK: - Corrupt files

  private func assertSetAside(
    _ garbage: Data, by action: (PropertyListFile<CartDocument>) throws -> Void,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    try garbage.write(to: cartURL)
    let store = cartFile()
    try action(store)
    let asideNames = temporary.names().filter { $0.hasPrefix("cart.plist.corrupt-") }
    XCTAssertEqual(asideNames.count, 1, "\(temporary.names())", file: file, line: line)
    guard let asideName = asideNames.first else { return }
    let stamp = asideName.dropFirst("cart.plist.corrupt-".count)
    XCTAssertNotNil(
      stamp.range(of: #"^[0-9]{8}-[0-9]{6}$"#, options: .regularExpression), String(stamp),
      file: file, line: line)
    let aside = temporary.file(asideName)
    XCTAssertEqual(try contents(aside), garbage, "the original bytes", file: file, line: line)
    let warnings = store.takeWarnings()
    XCTAssertEqual(warnings.count, 1, file: file, line: line)
    XCTAssertEqual(warnings.first?.path, cartURL.path, file: file, line: line)
    XCTAssertEqual(warnings.first?.movedTo, aside.path, file: file, line: line)
    XCTAssertTrue(
      warnings.first?.description.contains(aside.path) ?? false, file: file, line: line)
    XCTAssertEqual(store.takeWarnings(), [], "warnings are taken once", file: file, line: line)
  }

  func testGarbageIsMovedAsideOnRead() throws {
    let garbage = Data("this is not a property list \u{1}\u{2}\u{3}".utf8)
    try assertSetAside(garbage) { store in
      XCTAssertEqual(try store.read(), CartDocument())
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: cartURL.path))
  }

  func testGarbageIsMovedAsideOnUpdateAndAFreshFileStarted() throws {
    let garbage = Data([0x00, 0xFF, 0xFE, 0x62, 0x70, 0x6C, 0x69, 0x73, 0x74])
    try assertSetAside(garbage) { store in
      try store.update(addLine(.toy, 5))
    }
    XCTAssertEqual(try cartFile().read().lines, [CartLine(kind: .toy, id: 5, quantity: 1)])
  }

  func testATruncatedPropertyListIsMovedAside() throws {
    try writeOneLineCart()
    let truncated = try contents(cartURL).prefix(60)
    try FileManager.default.removeItem(at: cartURL)
    try assertSetAside(Data(truncated)) { store in
      XCTAssertEqual(try store.read(), CartDocument())
    }
  }

  func testAPropertyListWithoutAVersionIsMovedAside() throws {
    try assertSetAside(try plist(["lines": [] as [Any]])) { store in
      XCTAssertEqual(try store.read(), CartDocument())
    }
  }

  func testAPropertyListWithUnexpectedContentsIsMovedAside() throws {
    try assertSetAside(try plist(["version": 1, "lines": "many"])) { store in
      XCTAssertEqual(try store.read(), CartDocument())
    }
  }

  func testASetAsideFileIsNeverOverwritten() throws {
    let first = Data("first garbage".utf8)
    let second = Data("second garbage".utf8)
    let third = Data("third garbage".utf8)
    let store = cartFile()
    for garbage in [first, second, third] {
      try garbage.write(to: cartURL)
      XCTAssertEqual(try store.read(), CartDocument())
    }
    let asides = temporary.names().filter { $0.hasPrefix("cart.plist.corrupt-") }
    XCTAssertEqual(asides.count, 3, "\(temporary.names())")
    let moved = Set(try asides.map { try contents(temporary.file($0)) })
    XCTAssertEqual(moved, [first, second, third])
    XCTAssertEqual(store.takeWarnings().map(\.movedTo).count, 3)
  }

  func testAValidFileIsNotMovedAside() throws {
    try writeOneLineCart()
    let store = cartFile()
    XCTAssertEqual(try store.read().lines.count, 1)
    try store.update(addLine(.toy, 7))
    XCTAssertEqual(store.takeWarnings(), [])
    XCTAssertEqual(temporary.names(), ["cart.plist", "cart.plist.lock"])
  }

  // MARK: - Newer versions

  func testANewerVersionThrowsAndIsLeftUnchanged() throws {
    let newer = try plist([
      "version": 2, "lines": [["kind": "toy", "id": 1, "quantity": 1, "colour": "red"]],
      "giftWrap": true,
    ])
    try newer.write(to: cartURL)
    let store = cartFile()
    assertStoreError(try store.read()) { error in
      XCTAssertEqual(error.reason, .newerVersion(2))
      XCTAssertEqual(error.path, cartURL.path)
      XCTAssertTrue(error.description.contains("newer"), error.description)
    }
    var changed = false
    assertStoreError(try store.update { _ in changed = true }) { error in
      XCTAssertEqual(error.reason, .newerVersion(2))
    }
    XCTAssertFalse(changed, "the change is not applied to a newer file")
    XCTAssertEqual(try contents(cartURL), newer)
    XCTAssertEqual(store.takeWarnings(), [])
    XCTAssertEqual(temporary.names(), ["cart.plist", "cart.plist.lock"])
  }

  // MARK: - Failing saves

  func testALockThatCannotBeTakenFailsTheSaveAndLeavesTheFileUnchanged() throws {
    let before = try writeOneLineCart()
    let lock = temporary.file("cart.plist.lock")
    try FileManager.default.removeItem(at: lock)
    try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
    var changed = false
    assertStoreError(try cartFile().update { _ in changed = true }) { error in
      XCTAssertEqual(error.path, cartURL.path)
      guard case .cannotLock = error.reason else {
        return XCTFail("expected cannotLock, got \(error.reason)")
      }
    }
    XCTAssertFalse(changed)
    XCTAssertEqual(try contents(cartURL), before)
  }

  func testADataDirectoryThatIsAFileFailsTheSave() throws {
    let notADirectory = temporary.file("data")
    let original = Data("I am a file".utf8)
    try original.write(to: notADirectory)
    let store = cartFile(notADirectory.appendingPathComponent("cart.plist"))
    assertStoreError(try store.update(addLine(.toy, 1))) { error in
      guard case .cannotCreateDirectory = error.reason else {
        return XCTFail("expected cannotCreateDirectory, got \(error.reason)")
      }
      XCTAssertTrue(error.description.contains(notADirectory.path), error.description)
    }
    XCTAssertEqual(try contents(notADirectory), original)
  }

  func testAWriteThatFailsNamesTheFileAndTheSystemsReason() throws {
    // cart.plist is a link into a path that runs through a regular file.
    let blocker = temporary.file("blocker")
    try Data("a file".utf8).write(to: blocker)
    try FileManager.default.createSymbolicLink(
      atPath: cartURL.path, withDestinationPath: "blocker/cart.plist")
    assertStoreError(try cartFile().update(addLine(.toy, 99))) { error in
      XCTAssertEqual(
        error.description, "cannot save \(blocker.path)/cart.plist: Not a directory")
    }
    XCTAssertEqual(try contents(blocker), Data("a file".utf8))
    XCTAssertEqual(
      try FileManager.default.destinationOfSymbolicLink(atPath: cartURL.path),
      "blocker/cart.plist")
  }

  func testALinkPlantedAtTheOldPredictableTemporaryNameIsNotFollowed() throws {
    try writeOneLineCart()
    let victim = temporary.file("victim")
    try Data("precious".utf8).write(to: victim)
    try FileManager.default.createSymbolicLink(
      at: temporary.file("cart.plist.tmp-\(getpid())"), withDestinationURL: victim)
    try cartFile().update(addLine(.toy, 99))
    XCTAssertEqual(try contents(victim), Data("precious".utf8))
    let type = try FileManager.default.attributesOfItem(atPath: cartURL.path)[.type]
    XCTAssertEqual(type as? FileAttributeType, .typeRegular)
    XCTAssertEqual(try cartFile().read().lines.count, 2)
  }

  func testAFailedSaveDoesNotBlockLaterSaves() throws {
    try writeOneLineCart()
    let lock = temporary.file("cart.plist.lock")
    try FileManager.default.removeItem(at: lock)
    try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
    let store = cartFile()
    XCTAssertThrowsError(try store.update(addLine(.toy, 1)))
    try FileManager.default.removeItem(at: lock)
    try store.update(addLine(.toy, 1))
    XCTAssertEqual(try store.read().lines.count, 2)
  }
}

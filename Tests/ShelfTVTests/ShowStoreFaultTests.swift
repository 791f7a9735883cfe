import Foundation
import ShelfStorage
import ShelfTestSupport
import XCTest

@testable import ShelfTV

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A show store that cannot be used as it is: damage that SQLite reports, or that it would
/// not (a header byte no SQLite writes, a negative schema version), is set aside and rebuilt;
/// anything else (a directory or a device in place of the store or its side files, a newer
/// shelf's schema, a read-only or full disk) is an error naming the file and the reason.
final class ShowStoreFaultTests: ServerTestCase {
  private var cache: URL { temporary.file("cache/shelf") }
  private var storeURL: URL { cache.appendingPathComponent("shows.sqlite") }

  private func makeLibrary(storeURL: URL? = nil) -> ShowLibrary {
    ShowLibrary(
      storeURL: storeURL ?? self.storeURL, snapshotURL: Fixture.url(Fixture.showsPage0),
      client: makeClient())
  }

  /// A store as shelf leaves it: filled from the snapshot, its connection closed.
  private func makeStore() throws {
    XCTAssertEqual(try makeLibrary().count(), 240)
  }

  private func cacheError(
    _ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line
  ) -> TVCacheError? {
    do {
      try body()
      XCTFail("expected an error", file: file, line: line)
    } catch let error as TVCacheError {
      return error
    } catch {
      XCTFail("expected a TVCacheError, got \(error)", file: file, line: line)
    }
    return nil
  }

  private func poke(_ bytes: [UInt8], at offset: Int) throws {
    let handle = try FileHandle(forUpdating: storeURL)
    defer { try? handle.close() }
    try handle.seek(toOffset: UInt64(offset))
    try handle.write(contentsOf: Data(bytes))
  }

  // MARK: - Not regular files

  func testADirectoryOrADeviceInPlaceOfTheStoreOrASideFileIsAnErrorNamingIt() throws {
    try makeStore()
    for (suffix, replacement) in [
      ("", "directory"), ("-wal", "directory"), ("-shm", "/dev/zero"), ("", "/dev/zero"),
      ("-journal", "directory"),
    ] {
      let path = storeURL.path + suffix
      let saved = temporary.file("saved")
      if suffix.isEmpty { try FileManager.default.moveItem(atPath: path, toPath: saved.path) }
      if replacement == "directory" {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      } else {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: replacement)
      }
      let library = makeLibrary()
      let what = replacement == "directory" ? "a directory" : "a character device"
      for use in [{ _ = try library.count() }, { _ = try library.show(id: 1) }] {
        let error = cacheError(use)
        XCTAssertEqual(error?.kind, .notARegularFile, "\(suffix) \(replacement)")
        XCTAssertEqual(
          error?.description, "show store \(path): it is \(what), not a regular file")
      }
      XCTAssertNotNil(cacheError { try library.refresh() })
      XCTAssertEqual(library.takeWarnings(), [], "nothing is set aside")
      try FileManager.default.removeItem(atPath: path)
      if suffix.isEmpty { try FileManager.default.moveItem(atPath: saved.path, toPath: path) }
      XCTAssertEqual(try makeLibrary().count(), 240, "the data was intact")
    }
  }

  // MARK: - Damage

  func testAHeaderByteNoSQLiteWritesIsDamageSetAsideAndRebuilt() throws {
    // 18 and 19: the file format versions (a "newer" one makes SQLite open the file
    // read-only, so every refresh failed with "attempt to write a readonly database");
    // 20: reserved bytes per page (the full-text index failed on every write).
    for offset in [18, 19, 20] {
      try? FileManager.default.removeItem(at: cache)
      try makeStore()
      try poke([0xFF], at: offset)
      try server.route("/shows?page=0", file: Fixture.url(Fixture.showsPage1))
      let library = makeLibrary()
      let outcome = try library.refresh()
      XCTAssertEqual(outcome.kind, .firstPage, "byte \(offset)")
      XCTAssertEqual(try library.show(id: 250)?.id, 250, "byte \(offset)")
      let warnings = library.takeWarnings()
      XCTAssertEqual(warnings.count, 1, "byte \(offset): \(warnings)")
      XCTAssertTrue(warnings.first?.contains("moved to \(storeURL.path).damaged") == true)
    }
  }

  func testANegativeSchemaVersionIsDamageSetAsideAndRebuilt() throws {
    try makeStore()
    try poke([0xFF, 0xFF, 0xFF, 0xFE], at: 60)  // user_version -2
    let library = makeLibrary()
    XCTAssertEqual(try library.count(), 240)
    XCTAssertEqual(library.takeWarnings().count, 1)
  }

  /// A store that records a schema step this shelf does not know: an error naming the step,
  /// and the file left as it is.
  func testAStepFromANewerShelfIsAnErrorNamingIt() throws {
    try makeStore()
    try SQLiteDatabase(path: storeURL.path).execute(
      "INSERT INTO migrations(name) VALUES ('later-step')")
    let library = makeLibrary()
    let error = cacheError { _ = try library.count() }
    XCTAssertEqual(error?.kind, .newerShelf)
    XCTAssertEqual(
      error?.description,
      "show store \(storeURL.path) was written by a newer shelf (schema step \"later-step\""
        + " unknown to this shelf); use that shelf, or delete the file and it is rebuilt")
    XCTAssertEqual(library.takeWarnings(), [])
    XCTAssertTrue(FileManager.default.fileExists(atPath: storeURL.path), "left as it is")
  }

  /// A store from before steps had names, whose version is above every step this shelf
  /// knows: an error naming both versions.
  func testASchemaVersionFromANewerShelfIsAnErrorNamingBothVersions() throws {
    try makeStore()
    let newer = ShowStoreSchema.version + 1
    let database = try SQLiteDatabase(path: storeURL.path)
    try database.execute("DROP TABLE migrations")
    try database.setUserVersion(newer)
    let library = makeLibrary()
    let error = cacheError { _ = try library.count() }
    XCTAssertEqual(error?.kind, .newerShelf)
    XCTAssertEqual(
      error?.description,
      "show store \(storeURL.path) was written by a newer shelf (schema \(newer); this shelf knows"
        + " schema \(ShowStoreSchema.version) and older); use that shelf, or delete the file and"
        + " it is rebuilt")
    XCTAssertTrue(FileManager.default.fileExists(atPath: storeURL.path), "left as it is")
  }

  // MARK: - Disks

  func testAReadOnlyCacheIsAnErrorNamingTheStoreAndTheReason() throws {
    try makeStore()
    guard let view = ScratchMount.readOnlyView(of: cache) else {
      throw XCTSkip(ScratchMount.unavailable)
    }
    defer { view.unmount() }
    let library = makeLibrary(storeURL: view.url.appendingPathComponent("shows.sqlite"))
    let error = cacheError { _ = try library.count() }
    XCTAssertEqual(error?.kind, .database)
    let description = error?.description ?? ""
    XCTAssertTrue(
      description.hasPrefix("show store \(view.url.path)/shows.sqlite: "), description)
    XCTAssertEqual(
      description,
      "show store \(view.url.path)/shows.sqlite: \(view.url.path) is not writable: "
        + String(cString: strerror(EROFS)))
    XCTAssertEqual(library.takeWarnings(), [])
  }

  func testAFullDiskSaysNoSpaceLeft() throws {
    guard let disk = ScratchMount.tmpfs(kilobytes: 2048) else {
      throw XCTSkip(ScratchMount.unavailable)
    }
    defer { disk.unmount() }
    let store = disk.url.appendingPathComponent("shows.sqlite")
    XCTAssertEqual(try makeLibrary(storeURL: store).count(), 240)
    try disk.fill()
    try server.route("/shows?page=0", file: Fixture.url(Fixture.showsPage1))
    let library = makeLibrary(storeURL: store)
    let error = cacheError { try library.refresh() }
    XCTAssertEqual(error?.kind, .database)
    XCTAssertTrue(
      error?.description.hasPrefix("show store \(store.path): No space left on device") == true,
      error?.description ?? "")
    try FileManager.default.removeItem(at: disk.url.appendingPathComponent("filler"))
    XCTAssertEqual(try makeLibrary(storeURL: store).count(), 240, "the store is as it was")
    XCTAssertEqual(try makeLibrary(storeURL: store).show(id: 250), nil, "page 1 not merged")
  }
}

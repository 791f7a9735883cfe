import Foundation
import XCTest

/// A fresh directory under the system's temporary directory, removed in `tearDown`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("ShelfCatalogTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  /// Writes `text` (UTF-8) to `name`, creating intermediate directories.
  func write(_ name: String, _ text: String) throws {
    try write(name, Data(text.utf8))
  }

  func write(_ name: String, _ data: Data) throws {
    let destination = file(name)
    try FileManager.default.createDirectory(
      at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: destination)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// Where the files these tests read live, found from this source file rather than through
/// SwiftPM resources.
enum Paths {
  static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  /// `Tests/ShelfCatalogTests/Fixtures`: TVmaze captures (CC BY-SA 4.0, see `NOTICE.md`).
  static let fixtures = testsDirectory.appendingPathComponent("Fixtures", isDirectory: true)

  /// The repository's `catalog/` directory.
  static let catalog = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("catalog", isDirectory: true)

  static func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: fixtures.appendingPathComponent(name))
  }
}

/// A test case with its own temporary directory.
class TemporaryDirectoryTestCase: XCTestCase {
  private var storedTemporary: TemporaryDirectory?

  var temporary: TemporaryDirectory { storedTemporary! }

  override func setUpWithError() throws {
    try super.setUpWithError()
    storedTemporary = try TemporaryDirectory()
  }

  override func tearDownWithError() throws {
    storedTemporary?.remove()
    storedTemporary = nil
    try super.tearDownWithError()
  }
}

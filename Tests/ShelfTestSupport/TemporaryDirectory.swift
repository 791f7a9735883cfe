import Foundation
import XCTest

/// A fresh directory under the system's temporary directory, removed by `remove()`.
public struct TemporaryDirectory {
  public let url: URL

  public init(prefix: String = "shelf-tests") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  public func file(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  /// Writes `text` (UTF-8) to `name`, creating intermediate directories.
  public func write(_ name: String, _ text: String) throws {
    try write(name, Data(text.utf8))
  }

  public func write(_ name: String, _ data: Data) throws {
    let destination = file(name)
    try FileManager.default.createDirectory(
      at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: destination)
  }

  /// The names in the directory, sorted.
  public func names() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  /// The names in the directory `path` below this one, sorted.
  public func names(in path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: file(path).path)) ?? []).sorted()
  }

  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// A test case with its own temporary directory, removed after each test.
open class TemporaryDirectoryTestCase: XCTestCase {
  private var storedTemporary: TemporaryDirectory?

  public var temporary: TemporaryDirectory { storedTemporary! }

  open override func setUpWithError() throws {
    try super.setUpWithError()
    storedTemporary = try TemporaryDirectory()
  }

  open override func tearDownWithError() throws {
    storedTemporary?.remove()
    storedTemporary = nil
    try super.tearDownWithError()
  }
}

import Foundation
import XCTest

/// A fresh directory under the system's temporary directory, removed in `tearDown`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("ShelfStoreTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  /// The names in the directory, sorted.
  func names() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
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

/// Values collected from several threads.
final class Collector<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Value] = []

  func append(_ value: Value) {
    lock.lock()
    defer { lock.unlock() }
    storage.append(value)
  }

  var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}

struct TestFailure: Error, Equatable {
  let message: String
}

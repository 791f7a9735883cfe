import Foundation
import XCTest

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

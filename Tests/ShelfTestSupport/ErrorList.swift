import Foundation

/// Errors gathered from several threads.
public final class ErrorList: @unchecked Sendable {
  private let lock = NSLock()
  private var errors: [String] = []

  public init() {}

  public func append(_ error: String) {
    lock.lock()
    errors.append(error)
    lock.unlock()
  }

  public var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return errors
  }
}

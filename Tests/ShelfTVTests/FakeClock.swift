import Foundation
import ShelfTV

/// A clock whose time only moves when the code under test sleeps; it records every sleep.
final class FakeClock: @unchecked Sendable {
  private let lock = NSLock()
  private var time: TimeInterval = 1000
  private var recorded: [TimeInterval] = []

  var sleeps: [TimeInterval] {
    lock.lock()
    defer { lock.unlock() }
    return recorded
  }

  var clock: TVMazeClock {
    TVMazeClock(
      now: { [self] in
        lock.lock()
        defer { lock.unlock() }
        return time
      },
      sleep: { [self] seconds in
        lock.lock()
        defer { lock.unlock() }
        recorded.append(seconds)
        time += seconds
      })
  }
}

import Foundation

/// The time source and the way of waiting that `TVMazeClient` uses for pacing its calls and
/// for honouring `Retry-After`. Tests inject a fake one so that waiting costs nothing.
public struct TVMazeClock: Sendable {
  /// Seconds on a monotonic clock (only differences matter).
  public var now: @Sendable () -> TimeInterval
  /// Blocks the calling thread for the given number of seconds.
  public var sleep: @Sendable (TimeInterval) -> Void

  public init(
    now: @escaping @Sendable () -> TimeInterval,
    sleep: @escaping @Sendable (TimeInterval) -> Void
  ) {
    self.now = now
    self.sleep = sleep
  }

  /// The process's monotonic uptime clock and `Thread.sleep`.
  public static var system: TVMazeClock {
    TVMazeClock(
      now: { ProcessInfo.processInfo.systemUptime },
      sleep: { seconds in
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
      }
    )
  }

  /// Like `system`, but a wait ends early (checked every 50 ms) once `isCancelled` says yes, so
  /// that Ctrl-C during pacing or a `Retry-After` wait is not held up; the transport then
  /// reports the cancellation on the next request.
  public static func interruptible(isCancelled: @escaping @Sendable () -> Bool) -> TVMazeClock {
    TVMazeClock(
      now: { ProcessInfo.processInfo.systemUptime },
      sleep: { seconds in
        let end = ProcessInfo.processInfo.systemUptime + seconds
        while !isCancelled() {
          let left = end - ProcessInfo.processInfo.systemUptime
          if left <= 0 { return }
          Thread.sleep(forTimeInterval: min(left, 0.05))
        }
      }
    )
  }
}

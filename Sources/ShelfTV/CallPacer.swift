import Foundation

/// Client-side pacing for a "N calls per window" rate limit (TVmaze: 20 calls per 10 s).
///
/// It remembers when the last `limit` calls were (or will be) made. Before a call, `reserve`
/// says how long to wait so that no `limit + 1` calls fall within one window, and books the
/// call at that moment.
struct CallPacer: Sendable {
  let limit: Int
  let window: TimeInterval
  private(set) var slots: [TimeInterval] = []

  init(limit: Int = 20, window: TimeInterval = 10) {
    precondition(limit > 0 && window >= 0)
    self.limit = limit
    self.window = window
  }

  /// How many seconds a call wanted at `now` would wait (0 when it may go at once), without
  /// booking it.
  func delay(at now: TimeInterval) -> TimeInterval {
    guard slots.count >= limit else { return 0 }
    return max(0, slots[slots.count - limit] + window - now)
  }

  /// Books the next call, which the caller wants to make at `now`; returns how many seconds to
  /// wait before making it (0 when it may go at once).
  mutating func reserve(at now: TimeInterval) -> TimeInterval {
    var start = now
    if slots.count >= limit {
      start = max(now, slots[slots.count - limit] + window)
    }
    slots.append(start)
    if slots.count > limit {
      slots.removeFirst(slots.count - limit)
    }
    return start - now
  }
}

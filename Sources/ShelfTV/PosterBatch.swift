import Foundation

/// The shared state of one `PosterCache.download` batch: which URL is next, how many are done,
/// and whether the user cancelled. Workers take URLs; the caller waits for changes.
final class PosterBatch: @unchecked Sendable {
  private let condition = NSCondition()
  private let urls: [String]
  private var nextIndex = 0
  private var done = 0
  private let workers: Int
  private var stoppedWorkers = 0
  private var cancelled = false

  init(urls: [String], workers: Int) {
    self.urls = urls
    self.workers = workers
  }

  /// The next URL to download, or nil when there are none left or the batch was cancelled.
  func next() -> String? {
    condition.lock()
    defer { condition.unlock() }
    guard !cancelled, nextIndex < urls.count else { return nil }
    defer { nextIndex += 1 }
    return urls[nextIndex]
  }

  func finishOne() {
    condition.lock()
    done += 1
    condition.broadcast()
    condition.unlock()
  }

  func workerDone() {
    condition.lock()
    stoppedWorkers += 1
    condition.broadcast()
    condition.unlock()
  }

  func cancel() {
    condition.lock()
    cancelled = true
    condition.broadcast()
    condition.unlock()
  }

  var isCancelled: Bool {
    condition.lock()
    defer { condition.unlock() }
    return cancelled
  }

  /// Waits until more than `reported` are done or every worker has stopped.
  func waitForChange(after reported: Int) -> (done: Int, finished: Bool) {
    condition.lock()
    defer { condition.unlock() }
    while done <= reported && stoppedWorkers < workers {
      condition.wait()
    }
    return (done, stoppedWorkers >= workers)
  }
}

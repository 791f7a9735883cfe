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
  /// Hosts that timed out or could not be reached: their other posters are skipped, so that a
  /// dead poster server costs one deadline per worker, not one per poster.
  private var deadHosts: Set<String> = []

  init(urls: [String], workers: Int) {
    self.urls = urls
    self.workers = workers
  }

  /// The next URL to download, or nil when there are none left or the batch was cancelled.
  /// URLs on a dead host are counted as done (drawn as their URL) without a request.
  func next() -> String? {
    condition.lock()
    defer { condition.unlock() }
    while !cancelled, nextIndex < urls.count {
      let url = urls[nextIndex]
      nextIndex += 1
      guard let host = Self.host(of: url), deadHosts.contains(host) else { return url }
      done += 1
      condition.broadcast()
    }
    return nil
  }

  /// Marks the host of `url` as not answering.
  func hostFailed(_ url: String) {
    guard let host = Self.host(of: url) else { return }
    condition.lock()
    deadHosts.insert(host)
    condition.unlock()
  }

  private static func host(of url: String) -> String? {
    URLComponents(string: url)?.host?.lowercased()
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

import Foundation
import ShelfShell
import ShelfSync
import ShelfTerminal

/// `sync = auto`: an interactive session in a data directory that syncs does so when it starts
/// and when it ends. At the start the prompt waits at most `patience` seconds; past that the
/// sync goes on in the background, the session starts and says so, and the sync's outcome is
/// shown before a later prompt. A failed sync is a warning; the session goes on.
final class AutoSync {
  /// How long the first prompt waits for the sync a session starts with.
  static let patience: TimeInterval = 5

  private let setup: SyncSetup
  private let directory: URL
  private let output: StandardStream
  private let errors: StandardStream
  private let progress: ProgressLine
  private let style: TerminalStyle
  private let interrupted: @Sendable () -> Bool
  private let background = BackgroundSync()

  init(
    setup: SyncSetup, directory: URL, output: StandardStream, errors: StandardStream,
    progress: ProgressLine, style: TerminalStyle, interrupted: @escaping @Sendable () -> Bool
  ) {
    self.setup = setup
    self.directory = directory
    self.output = output
    self.errors = errors
    self.progress = progress
    self.style = style
    self.interrupted = interrupted
  }

  /// Starts the session's first sync and waits for it, at most `patience` seconds.
  func begin() {
    let background = self.background
    let engine = setup.engine(for: directory) { options in
      options.interrupted = { background.isCancelled }
    }
    background.start { try engine.sync() }
    if let result = background.wait(seconds: Self.patience) {
      show(result)
    } else {
      output.write(
        "Syncing in the background (it took more than \(Int(Self.patience)) s); the session"
          + " starts now.\n")
    }
  }

  /// Shows the outcome of the first sync once it is there (call before each prompt).
  func showFinished() {
    if let result = background.take() { show(result) }
  }

  /// The session's last sync, with a progress line past a second. A first sync still running
  /// is stopped first (this one does all it would have done).
  func end() {
    background.cancel()
    if let result = background.wait(seconds: .infinity), case .success = result { show(result) }
    // The last sync runs on this thread: its progress goes straight to the line.
    let progress = ProgressOnThisThread(line: self.progress)
    let engine = setup.engine(for: directory) { options in
      options.progress = { text in progress.line.show(text) }
      options.interrupted = self.interrupted
    }
    let result = Result { try engine.sync() }
    progress.line.clear()
    show(result)
  }

  private func show(_ result: Result<SyncReport, any Error>) {
    switch result {
    case .success(let report):
      output.write(TextRenderer(style: style).render(.sync(report)))
    case .failure(let error):
      let message = ShellError(error, action: "sync").message
      errors.write("shelf: warning: sync: \(TerminalText.sanitize(message))\n")
    }
  }
}

/// The progress line, shown by a sync that runs on the session's own thread.
private final class ProgressOnThisThread: @unchecked Sendable {
  let line: ProgressLine

  init(line: ProgressLine) {
    self.line = line
  }
}

/// One sync on a thread of its own, and its outcome for the session's thread.
private final class BackgroundSync: @unchecked Sendable {
  private let condition = NSCondition()
  private var running = false
  private var cancelled = false
  private var outcome: Result<SyncReport, any Error>?

  /// Asks the sync to stop (git is ended; a merge being written is finished first).
  func cancel() {
    condition.lock()
    cancelled = true
    condition.unlock()
  }

  var isCancelled: Bool {
    condition.lock()
    defer { condition.unlock() }
    return cancelled
  }

  func start(_ work: @escaping @Sendable () throws -> SyncReport) {
    condition.lock()
    running = true
    condition.unlock()
    let thread = Thread { [self] in
      let result = Result { try work() }
      condition.lock()
      outcome = result
      running = false
      condition.broadcast()
      condition.unlock()
    }
    thread.name = "sync"
    thread.start()
  }

  /// The outcome once there is one, waiting at most `seconds`; nil when none is due (the sync
  /// is still running, or its outcome was taken).
  func wait(seconds: TimeInterval) -> Result<SyncReport, any Error>? {
    condition.lock()
    defer { condition.unlock() }
    let deadline = Date(timeIntervalSinceNow: min(seconds, 1e9))
    while running, condition.wait(until: deadline) {}
    defer { outcome = nil }
    return outcome
  }

  /// The outcome when the sync has finished and it was not taken yet.
  func take() -> Result<SyncReport, any Error>? {
    condition.lock()
    defer { condition.unlock() }
    defer { outcome = nil }
    return running ? nil : outcome
  }
}

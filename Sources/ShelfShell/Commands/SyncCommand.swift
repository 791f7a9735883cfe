import Foundation
import ShelfFiles
import ShelfSync

/// `sync [init|join|status|off] [REMOTE] [--json] [--verbose]`: the household on every device,
/// through a git repository the family owns.
struct SyncCommand: Command {
  enum Action: String, CaseIterable, Sendable {
    case `init`, join, status, off
  }

  static let action = CommandArgument(
    .choice(of: Action.self), optional: true, help: "what to do (none: send and receive)")
  static let remote = CommandArgument(
    .file.named("REMOTE"), optional: true,
    help: "(init, join) the household's git repository: a URL or a path")
  static let json = CommandFlag(["--json"], help: "(status) as JSON")
  static let verbose = CommandFlag(["-v", "--verbose"], help: "show git's own messages")

  let name = "sync"
  let summary = "send this device's changes to the household's other devices and bring theirs"
  var signature: CommandSignature {
    CommandSignature(
      arguments: [Self.action.spec, Self.remote.spec], options: [Self.json.spec, Self.verbose.spec])
  }
  let discussion = """
    The household's data (every person's favorites, marks, statuses, ratings, stories read,
    wishes and claims, positions, the cart, the household's settings) travels through a git
    repository the family owns: a bare repository on a NAS or a USB stick, an ssh host, a
    private repository on a forge. "sync init REMOTE" makes this device the household's first
    (a path that does not exist yet becomes a new repository); "sync join REMOTE" on another
    device brings the household in, keeping what that device had. "sync" sends and receives;
    each file is merged by the rules of "help import", never with conflict markers. History,
    caches, the show store and posters stay on each device. "sync status" says where, when
    and what waits to be sent; "sync off" stops syncing and keeps every file. With
    "sync = auto" in the config (the default) a session syncs when it starts (waiting at most
    5 s) and when it ends; scripts sync only when they say "sync", so "shelf -c sync" suits
    cron. shelf runs the system git: ssh keys, the ssh agent and git's credential helpers work
    as in git. --verbose shows git's own messages.
    """
  let examples = [
    "sync init household.git", "sync join household.git", "sync status", "sync status --json",
    "shelf -c sync", "shelf -c 'sync --verbose'", "shelf -c 'sync off'",
  ]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let action = arguments[Self.action]
    let given = arguments[Self.remote]
    if arguments[Self.json], action != .status {
      throw ShellError.usage(command: name, message: "--json goes with status")
    }
    switch action {
    case .`init`, .join:
      guard given != nil else {
        throw ShellError.missingArgument(
          command: "\(name) \(action?.rawValue ?? "")", name: "REMOTE")
      }
    case .status, .off, nil:
      if given != nil {
        throw ShellError.tooManyArguments(
          command: action.map { "\(name) \($0.rawValue)" } ?? name, expected: "no REMOTE")
      }
    }
    let engine = Self.engine(context, verbose: arguments[Self.verbose])
    do {
      switch action {
      case nil:
        return CommandResult(report: Report(SyncReportScreen(report: try engine.sync())))
      case .`init`:
        let remote = RemoteAddress(expanding(given ?? "", in: context))
        return CommandResult(report: Report(SyncReportScreen(report: try engine.start(remote))))
      case .join:
        let remote = RemoteAddress(expanding(given ?? "", in: context))
        return CommandResult(report: Report(SyncReportScreen(report: try engine.join(remote))))
      case .status:
        let screen = SyncStatusScreen(
          status: try engine.status(), automatic: context.options.syncsAutomatically,
          now: context.library.now())
        return CommandResult(
          report: Report(screen), reportFormat: arguments[Self.json] ? .json : nil)
      case .off:
        return CommandResult(report: Report(SyncStopScreen(stop: try engine.stop())))
      }
    } catch let error as SyncError {
      throw ShellError.sync(error)
    }
  }

  /// The engine for the session's data directory, reporting progress at a terminal and git's
  /// messages with `--verbose`.
  static func engine(_ context: CommandContext, verbose: Bool) -> SyncEngine {
    let progress = context.options.terminalProgress ? context.progress : nil
    let diagnostics = context.diagnostics
    let interrupted = context.interrupted
    let box = SendableClosures(
      progress: progress, diagnostics: verbose ? diagnostics : nil, interrupted: interrupted)
    return context.library.syncSetup.engine(for: context.library.userData.directory) { options in
      // Someone at the terminal can answer ssh and git (a passphrase, a password).
      options.interactive = context.options.interactive || context.options.terminalProgress
      options.progress = { box.progress?($0) }
      if verbose { options.verbose = { box.diagnostics?($0) } }
      options.interrupted = { box.interrupted() }
      options.now = context.library.now
    }
  }

  /// `~/x` is the home's.
  private func expanding(_ remote: String, in context: CommandContext) -> String {
    guard remote == "~" || remote.hasPrefix("~/") else { return remote }
    return context.options.homeDirectory + remote.dropFirst()
  }
}

/// The session's callbacks, for the engine, which runs on this thread only.
private final class SendableClosures: @unchecked Sendable {
  let progress: ((String) -> Void)?
  let diagnostics: ((String) -> Void)?
  let interrupted: () -> Bool

  init(
    progress: ((String) -> Void)?, diagnostics: ((String) -> Void)?,
    interrupted: @escaping () -> Bool
  ) {
    self.progress = progress
    self.diagnostics = diagnostics
    self.interrupted = interrupted
  }
}

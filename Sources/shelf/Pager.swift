import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Shows long text through the pager (the `pager` setting: `$PAGER`, the config file, else
/// `pager` where it exists, else `less -R`), started directly, not through a shell, as a
/// foreground job (`ForegroundJob`: Ctrl-C and the keys reach it, not shelf). `LESS=FRX` unless
/// `LESS` is set, as git does: colours pass through, a text that fits the screen is printed
/// and stays, and nothing vanishes from the screen on `q`. Returns false when no pager could
/// run, so the caller prints the text itself.
struct Pager {
  /// The program and its arguments, separated by spaces.
  let command: String
  /// The terminal to hand the pager (job control), nil to leave it in shelf's process group.
  var terminal: Int32?

  /// What `LESS` is set to when the user has not set it.
  static let lessOptions = "FRX"

  /// The pager when neither `PAGER` nor the config file names one: Debian's `pager`
  /// alternative where it is on `PATH`, else `less -R`.
  static func defaultCommand(_ environment: [String: String]) -> String {
    let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    let found = directories.contains { directory in
      access(directory + "/pager", X_OK) == 0
    }
    return found ? "pager" : "less -R"
  }

  func show(_ text: String) -> Bool {
    stream { write in _ = write(text) }
  }

  /// Starts the pager and lets `produce` write into it a piece at a time (`write` returns false
  /// once the pager has quit, so a long listing stops being made); false when no pager could
  /// run, and then `produce` was not called.
  func stream(_ produce: (_ write: (String) -> Bool) -> Void) -> Bool {
    let words = command.split(separator: " ").map(String.init)
    guard !words.isEmpty else { return false }
    var environment = ProcessInfo.processInfo.environment
    if environment["LESS"] == nil { environment["LESS"] = Self.lessOptions }
    let job = ForegroundJob(arguments: words, environment: environment, terminal: terminal)
    return (try? job.run(produce)) != nil
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Shows long text through the pager (the `pager` setting: `$PAGER`, the config file, else
/// `pager` where it exists, else `less -R`), started directly with posix_spawnp, not through a
/// shell, with `LESS=R` unless `LESS` is set (so colours pass through less, as git does). It stays in the terminal's foreground process group (Foundation's
/// Process would put it in a group of its own, where reading the terminal stops it). Returns
/// false when no pager could run, so the caller prints the text itself.
struct Pager {
  /// The program and its arguments, separated by spaces.
  let command: String

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
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else { return false }
    let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
    #if canImport(Glibc)
      var actions = posix_spawn_file_actions_t()
    #else
      var actions: posix_spawn_file_actions_t? = nil
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, readEnd, 0)
    posix_spawn_file_actions_addclose(&actions, readEnd)
    posix_spawn_file_actions_addclose(&actions, writeEnd)
    var arguments = words.map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    // The process's own environment, built here (`environ` is not visible from Swift on macOS).
    var environment = ProcessInfo.processInfo.environment
    if environment["LESS"] == nil { environment["LESS"] = "R" }
    var variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for variable in variables { free(variable) } }
    var child: pid_t = 0
    let status = posix_spawnp(&child, words[0], &actions, nil, &arguments, &variables)
    close(readEnd)
    guard status == 0 else {
      close(writeEnd)
      return false
    }
    var open = true
    produce { text in
      guard open else { return false }
      var bytes = Array(text.utf8)
      var offset = 0
      while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { buffer -> Int in
          guard let base = buffer.baseAddress else { return 0 }
          return write(writeEnd, base + offset, buffer.count - offset)
        }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else {
          open = false  // the pager quit early (q): fine
          return false
        }
        offset += written
      }
      return true
    }
    close(writeEnd)
    var exitStatus: Int32 = 0
    while waitpid(child, &exitStatus, 0) < 0 && errno == EINTR {}
    return true
  }
}

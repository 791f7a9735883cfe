import Foundation

/// A process that has run and ended, as a shell killed half-way through a save has: its id is
/// what stale temporaries carry in their names.
public enum EndedProcess {
  /// The id of a process started and waited for here.
  public static func id() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }
}

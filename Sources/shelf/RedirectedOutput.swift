import Foundation
import ShelfFiles
import ShelfShell

/// Writes a command's output where the line sent it (`> FILE`, `>> FILE`, `| COMMAND`): the
/// plain text of the current format, never an escape sequence. A file is written durably (a
/// whole new file renamed into place for `>`, an fsynced append for `>>`); a command runs under
/// `/bin/sh -c` with the output on its standard input, its own output going to the terminal.
struct RedirectedOutput {
  /// The user's home, for `~` (`$HOME`).
  let home: String

  /// Failures a user reads as one line.
  struct Failure: Error {
    let message: String
  }

  /// Ctrl-C ended the command the output went to.
  struct Interrupted: Error {}

  func write(_ text: String, to redirection: Redirection) throws {
    switch redirection {
    case .file(let path, let append):
      let url = URL(fileURLWithPath: HomePath.expand(path, home: home))
      do {
        if append {
          try DurableFile.append(Data(text.utf8), to: url, creatingDirectory: false)
        } else {
          try DurableFile.write(Data(text.utf8), to: url, creatingDirectory: false)
        }
      } catch {
        throw Failure(message: "cannot write \(path): \(FileError.systemReason(error))")
      }
    case .pipe(let command):
      try run(command, input: text)
    }
  }

  private func run(_ command: String, input: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let pipe = Pipe()
    process.standardInput = pipe
    do {
      try process.run()
    } catch {
      throw Failure(message: "| \(command): cannot start /bin/sh: \(error.localizedDescription)")
    }
    // A command that stops reading early (`| head -3`) is not an error: the rest is dropped.
    let handle = pipe.fileHandleForWriting
    try? handle.write(contentsOf: Data(input.utf8))
    try? handle.close()
    process.waitUntilExit()
    let status = process.terminationStatus
    switch process.terminationReason {
    case .uncaughtSignal where status == SIGINT:
      throw Interrupted()
    case .uncaughtSignal:
      throw Failure(message: "| \(command): ended by signal \(status)")
    default:
      guard status == 0 else { throw Failure(message: "| \(command): exit status \(status)") }
    }
  }
}

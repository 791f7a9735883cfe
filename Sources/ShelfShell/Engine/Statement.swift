import Foundation
import ShelfFiles
import ShelfStore
import ShelfTV
import ShelfTerminal

/// One command of a line and where its output goes (`ls /toys > toys.txt`), or why the line
/// cannot run (`> x` with no command).
public struct Statement: Sendable {
  /// The command's text, without the redirection.
  public let command: String
  public let target: Redirection?
  /// A mistake in the line itself, found before anything runs.
  public let error: ShellError?
  /// The command's name (`fav` for `favorite`), or its first word when it names none; nil for
  /// a line that starts with `>` or `|`.
  public let name: String?

  init(command: String, target: Redirection?, error: ShellError? = nil, name: String?) {
    self.command = command
    self.target = target
    self.error = error
    self.name = name
  }

  /// The outcome of a statement that did not run: its error, or what went wrong in getting it
  /// to run (a file that cannot be opened).
  public func failed(_ error: ShellError) -> Outcome {
    var outcome = Outcome(error: error)
    outcome.command = name
    return outcome
  }
}

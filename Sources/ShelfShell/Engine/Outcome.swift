import Foundation
import ShelfFiles
import ShelfStore
import ShelfTV
import ShelfTerminal

/// What one line did, for the front end to show.
public struct Outcome: Sendable {
  public var report: Report?
  public var error: ShellError?
  public var warnings: [String]
  public var exit: Bool
  /// `exit N`: the status the program ends with.
  public var exitStatus: Int32?
  /// Where the report goes instead of the screen (`ls > toys.txt`).
  public var redirection: Redirection?
  /// How the report is written.
  public var format: OutputFormat = .table
  /// Whether a list's title, header row and footer are written (`headers off`, `--no-header`).
  public var headers = true
  /// The keys `--columns` chose, in its order.
  public var columns: [String]?
  /// The command the error belongs to: its name (`fav` for `favorite`), or the word typed when
  /// it names no command.
  public var command: String?

  /// The error as the user reads it, in one shape: `buy: -n takes 1-999, not "0"`, the
  /// command's name first (none for a line that is not a command: `> needs a command before
  /// it`), control characters shown escaped (`\x01`) so what was typed is quoted exactly.
  public var errorMessage: String? {
    guard let error else { return nil }
    // A subcommand's own name says more than the command's (`profile add`).
    let named = error.command.flatMap { $0.hasPrefix((command ?? "") + " ") ? $0 : nil }
    return TerminalText.showingControls(
      (named ?? command).map { "\($0): \(error.message)" } ?? error.message)
  }

  public var succeeded: Bool { error == nil }

  public init(
    report: Report? = nil, error: ShellError? = nil, warnings: [String] = [], exit: Bool = false
  ) {
    self.report = report
    self.error = error
    self.warnings = warnings
    self.exit = exit
  }
}

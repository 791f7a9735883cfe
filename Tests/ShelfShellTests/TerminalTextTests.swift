import Foundation
import ShelfCatalog
import ShelfShell
import ShelfTerminal
import XCTest

final class TerminalTextTests: XCTestCase {
  /// Found by the fuzz test: `\e]52;c;…\a` typed on a line is split at its `;`, and the error
  /// for the first piece quoted an OSC string that never ends, which took the rest of the
  /// message with it (`unknown command "`).
  func testAnUnterminatedStringSequenceLosesOnlyItsIntroducer() {
    XCTAssertEqual(
      TerminalText.sanitize("unknown command \"\u{1B}]52\"; type \"help\" for the list"),
      "unknown command \"52\"; type \"help\" for the list")
    XCTAssertEqual(TerminalText.sanitize("no item \"\u{1B}P1\" in /"), "no item \"1\" in /")
    // A terminated one still goes entirely.
    XCTAssertEqual(TerminalText.sanitize("a\u{1B}]0;title\u{07}b\u{1B}P1;2q\u{1B}\\c"), "abc")
  }

  func testTheErrorForAnOSCPieceOfALineKeepsItsTail() throws {
    let files = try TestLibrary()
    let session = Session(
      library: try files.make(), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    let outcomes = session.run("\u{1B}]52;c;SGVsbG8=\u{07}")
    XCTAssertEqual(outcomes.count, 3)
    let first = try XCTUnwrap(outcomes.first?.error)
    XCTAssertEqual(
      TerminalText.sanitize(first.message), "unknown command \"52\"; type \"help\" for the list")
  }
}

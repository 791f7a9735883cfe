import Foundation
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

  /// TVmaze names and summaries carry U+200F (RLM) and other invisible format characters that
  /// reorder or hide the text around them in a terminal.
  func testBidiMarksAndInvisibleFormatCharactersAreRemovedButJoinersStay() {
    XCTAssertEqual(
      TerminalText.sanitize(
        "a\u{200F}b\u{200E}c\u{061C}d\u{200B}e\u{2060}f\u{FEFF}g\u{2028}h\u{2029}i\u{206A}j"
          + "\u{FFF9}k\u{180E}l\u{202E}m\u{2067}n"),
      "abcdefghijklmn")
    // Joiners spell words and emoji; a no-break space and a soft hyphen show.
    for kept in ["\u{200C}", "\u{200D}", "\u{202F}", "\u{00A0}", "👨\u{200D}👩"] {
      XCTAssertEqual(TerminalText.sanitize("a\(kept)b"), "a\(kept)b")
    }
  }

  func testTheErrorForAnOSCPieceOfALineKeepsItsTail() throws {
    let files = try TestLibrary()
    let session = Session(
      library: try files.make(), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    let outcomes = session.run("\u{1B}]52;c;SGVsbG8=\u{07}")
    XCTAssertEqual(outcomes.count, 3)
    // The word typed is quoted as typed, its control characters shown escaped.
    XCTAssertEqual(
      outcomes.first?.errorMessage, "\\x1b]52: unknown command; type \"help\" for the list")
  }
}

// Linux only: the pseudo-terminal sessions are.
#if os(Linux)
  import Foundation
  import XCTest

  /// What a person at a terminal reads of output meant for programs: JSON laid out with two
  /// spaces a level (one line a document in a pipe, see OutputFormatFlagTests).
  final class TerminalOutputTests: TerminalTestCase {
    func testJSONIsLaidOutAtATerminal() throws {
      let shell = try terminal(["--no-resume", "--json"])
      try expectPrompt(shell, at: "/")
      try run(shell, "ls /toys --limit 1", at: "/")
      try expectPrompt(shell, at: "/")
      let lines = shell.screen.allLines
      let start = try XCTUnwrap(lines.firstIndex(of: "{"), dump(shell))
      XCTAssertEqual(
        Array(lines[start..<min(lines.count, start + 12)]),
        [
          "{", "  \"path\": \"/toys\",", "  \"rows\": [", "    {", "      \"count\": 15,",
          "      \"lastVisited\": false,", "      \"name\": \"Arts & Crafts\",",
          "      \"path\": \"/toys/Arts & Crafts\"", "    }", "  ],", "  \"total\": 11", "}",
        ], dump(shell))
    }
  }
#endif

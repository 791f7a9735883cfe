// Linux only: the pseudo-terminal sessions are.
#if os(Linux)
  import Foundation
  import XCTest

  /// The prompt holds only printable text (issue 31 item 4): a search's control characters
  /// are shown escaped, as its messages quote them, and a long search is cut short. Tab in
  /// the real line editor completes file names after `>` and what a command acts on.
  final class PromptTests: TerminalTestCase {
    func testTabCompletesAFileAfterARedirectionAndYourFavoritesAfterUnfav() throws {
      _ = FileManager.default.createFile(
        atPath: sandbox.home.appendingPathComponent("toys list.txt").path, contents: nil)
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      try run(shell, "fav toy:42", at: "/")
      try expectPrompt(shell, at: "/")
      shell.type("ls /toys > ~/toy")
      try expectPrompt(shell, at: "/", typed: "ls /toys > ~/toy")
      shell.type(Key.tab)
      try expectPrompt(shell, at: "/", typed: "ls /toys > ~/toys\\ list.txt ")
      shell.type(Key.enter)
      try expectPrompt(shell, at: "/")
      let written = try String(
        contentsOf: sandbox.home.appendingPathComponent("toys list.txt"), encoding: .utf8)
      XCTAssertTrue(written.hasPrefix("Toy categories"), written)
      shell.type("unfav ")
      try expectPrompt(shell, at: "/", typed: "unfav ")
      shell.type(Key.tab)
      try expectPrompt(shell, at: "/", typed: "unfav toy:42 ")
    }

    func testASearchIsCutShortAndItsControlCharactersAreShownEscaped() throws {
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      try run(shell, "find lantern snail", at: "/")
      try expectPrompt(shell, at: "/ [find \"lantern sna…\"]")
      // Ctrl-V Ctrl-A types a literal \x01; Ctrl-V Esc a literal ESC.
      shell.type("find zz\u{16}\u{01}\u{16}\u{1B}[0m")
      try expectText(shell, "find zz^A^[[0m")
      shell.type(Key.enter)
      try expectLine(shell, "No matches for \"zz\\x01\\x1b[0m\" in /.")
      try expectPrompt(shell, at: "/ [find \"zz\\x01\\x1b[…\"]")
      XCTAssertFalse(shell.bytes.contains(0x01), "no control character reached the terminal")
      let long = String(repeating: "snail ", count: 400)
      shell.type("find \(long)")  // wraps on the screen: the echo is not checked
      shell.type(Key.enter)
      try expectPrompt(shell, at: "/ [find \"snail snail…\"]")
    }
  }
#endif

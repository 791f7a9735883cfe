// Linux only: posix_spawn file actions, /proc and the pty calls are written for glibc.
#if os(Linux)
  import Foundation
  import ShelfTestSupport
  import XCTest

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// The shell on a real pseudo-terminal: libedit line editing, Tab completion, history,
  /// Ctrl-C, Ctrl-D, questions and resuming (SPEC §1, §2, §4, §5).
  final class InteractiveTests: TerminalTestCase {
    // MARK: - Completion

    func testTabCompletesInPlace() throws {
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      shell.type("cd to")
      try expectPrompt(shell, at: "/", typed: "cd to")
      shell.type(Key.tab)
      try expectPrompt(shell, at: "/", typed: "cd toys/")
      shell.type("Bu")
      try expectPrompt(shell, at: "/", typed: "cd toys/Bu")
      shell.type(Key.tab)
      try expectPrompt(shell, at: "/", typed: "cd toys/Building\\ Blocks/")
      shell.type(Key.enter)
      try expectPrompt(shell, at: "/toys/Building Blocks")
      XCTAssertTrue(shell.plainText.contains("shelf:/toys/Building Blocks> "), dump(shell))
      try run(shell, "pwd", at: "/toys/Building Blocks")
      try expectLine(shell, "/toys/Building Blocks")
      try expectPrompt(shell, at: "/toys/Building Blocks")
      shell.type(Key.ctrlD)
      try expectExit(shell)
    }

    func testAmbiguousTabListsTheCandidates() throws {
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      shell.type("cd /toys/B")
      try expectPrompt(shell, at: "/", typed: "cd /toys/B")
      shell.type(Key.tab)
      try expect(shell, "the candidates") {
        let text = $0.plainText
        return text.contains("Baby & Toddler/") && text.contains("Board Games/")
          && text.contains("Building Blocks/")
      }
      // The line is redrawn under the list, unchanged, and still editable.
      try expectPrompt(shell, at: "/", typed: "cd /toys/B")
      XCTAssertFalse(shell.plainText.contains("Dolls/"), dump(shell))
      shell.type("oa")
      shell.type(Key.tab)
      try expectPrompt(shell, at: "/", typed: "cd /toys/Board\\ Games/")
      shell.type(Key.enter)
      try expectPrompt(shell, at: "/toys/Board Games")
    }

    // MARK: - History

    func testHistoryFileIsWrittenWithV2Header() throws {
      let first = try terminal(["--no-resume"])
      try expectPrompt(first, at: "/")
      try run(first, "cd /stories", at: "/")
      try expectPrompt(first, at: "/stories")
      first.type(Key.ctrlD)
      try expectExit(first)
      let history = sandbox.dataFile("history")
      let data = try Data(contentsOf: history)
      XCTAssertTrue(
        data.starts(with: Data("_HiStOrY_V2_".utf8)),
        "history file: \(String(decoding: data, as: UTF8.self))")
      XCTAssertTrue(
        String(decoding: data, as: UTF8.self).contains("cd\\040/stories"),
        "history file: \(String(decoding: data, as: UTF8.self))")
    }

    /// Up-arrow recalls a line of the previous session, and Ctrl-P one of this session.
    /// (Regression: `shelf_el_set_history` in Sources/CEditLineShim/shim.c once passed the
    /// History object as EL_HIST's function pointer, and the first Up-arrow crashed with
    /// SIGSEGV.)
    func testUpArrowRecallsTheLastSessionsCommand() throws {
      let first = try terminal(["--no-resume"])
      try expectPrompt(first, at: "/")
      try run(first, "cd /stories", at: "/")
      try expectPrompt(first, at: "/stories")
      first.type(Key.ctrlD)
      try expectExit(first)

      let second = try terminal(["--no-resume"])
      try expectPrompt(second, at: "/")
      second.type(Key.up)
      try expectPrompt(second, at: "/", typed: "cd /stories")
      second.type(Key.enter)
      try expectPrompt(second, at: "/stories")
      try run(second, "pwd", at: "/stories")
      try expectLine(second, "/stories")
      try expectPrompt(second, at: "/stories")
      second.type("\u{10}")  // Ctrl-P
      try expectPrompt(second, at: "/stories", typed: "pwd")
      second.type(Key.up)
      try expectPrompt(second, at: "/stories", typed: "cd /stories")
      second.type(Key.ctrlC)
      try expectPrompt(second, at: "/stories")
      XCTAssertTrue(second.isRunning, "the shell died\(dump(second))")
      second.type(Key.ctrlD)
      try expectExit(second)
    }

    // MARK: - Ctrl-C and Ctrl-D

    func testCtrlCClearsTheLineAndTheShellGoesOn() throws {
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      shell.type("cd /toys/Dolls")
      try expectPrompt(shell, at: "/", typed: "cd /toys/Dolls")
      shell.type(Key.ctrlC)
      try expectPrompt(shell, at: "/")
      XCTAssertTrue(shell.isRunning, "Ctrl-C ended the shell\(dump(shell))")
      try run(shell, "pwd", at: "/")
      try expectLine(shell, "/")
      try expectPrompt(shell, at: "/")
      XCTAssertTrue(shell.isRunning, dump(shell))
      XCTAssertFalse(shell.screen.allLines.contains("/toys/Dolls"), dump(shell))
      // A second Ctrl-C on an empty line does not end it either. The new prompt looks like the
      // old one: wait until there is one more, so that no key is typed while the terminal is
      // between modes.
      let prompts = shell.screen.allLines.filter { $0.hasPrefix("shelf:/>") }.count
      shell.type(Key.ctrlC)
      try expect(shell, "a fresh prompt after Ctrl-C") {
        $0.screen.allLines.filter { $0.hasPrefix("shelf:/>") }.count > prompts
      }
      try run(shell, "cd stories", at: "/")
      try expectPrompt(shell, at: "/stories")
      XCTAssertTrue(shell.isRunning, dump(shell))
      shell.type(Key.ctrlD)
      try expectExit(shell)
    }

    func testCtrlDOnAnEmptyLineExitsWithZero() throws {
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      shell.type(Key.ctrlD)
      try expectExit(shell, status: 0)
    }

    func testExitCommandAfterAnErrorExitsWithZero() throws {
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      try run(shell, "lss", at: "/")
      try expectText(shell, "did you mean")
      try expectPrompt(shell, at: "/")
      try run(shell, "exit", at: "/")
      try expectExit(shell, status: 0)
    }

    // MARK: - Questions

    func testUnfavAsksAndEnterKeepsTheFavorite() throws {
      let setup = try shelf(commands("cd /toys/Dolls", "fav 45"))
      XCTAssertEqual(setup.status, 0, setup.summary)
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      try run(shell, "cd /toys/Dolls", at: "/")
      try expectPrompt(shell, at: "/toys/Dolls")
      try run(shell, "unfav 45", at: "/toys/Dolls")
      try expectText(shell, "Remove \"Grandpa Teodor Doll\" from favorites? [y/N]")
      shell.answer(Key.enter)
      try expectPrompt(shell, at: "/toys/Dolls")
      XCTAssertEqual(try favoriteToyIDs(), [45], dump(shell))

      try run(shell, "unfav 45", at: "/toys/Dolls")
      try expect(shell, "the question a second time") {
        $0.plainText.components(separatedBy: "from favorites? [y/N]").count == 3
      }
      shell.answer("y" + Key.enter)
      try expectPrompt(shell, at: "/toys/Dolls")
      XCTAssertEqual(try favoriteToyIDs(), [], dump(shell))
      shell.type(Key.ctrlD)
      try expectExit(shell)
    }

    func testBuyWithoutQuantityAsks() throws {
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      try run(shell, "cd /toys/Dolls", at: "/")
      try expectPrompt(shell, at: "/toys/Dolls")
      try run(shell, "buy 45", at: "/toys/Dolls")
      try expectText(shell, "Quantity [1]:")
      shell.answer("3" + Key.enter)
      try expectPrompt(shell, at: "/toys/Dolls")
      XCTAssertEqual(try cartQuantities(), ["toy:45": 3], dump(shell))
      try run(shell, "buy 44", at: "/toys/Dolls")
      try expect(shell, "the question a second time") {
        $0.plainText.components(separatedBy: "Quantity [1]:").count == 3
      }
      shell.answer(Key.enter)
      try expectPrompt(shell, at: "/toys/Dolls")
      XCTAssertEqual(try cartQuantities(), ["toy:45": 3, "toy:44": 1], dump(shell))
      shell.type(Key.ctrlD)
      try expectExit(shell)
    }

    // MARK: - Paging

    /// A story longer than the screen opens in the real `less`, which must be able to read the
    /// terminal (it runs in the foreground process group); `q` returns to the prompt.
    func testALongStoryOpensInThePagerAndQReturnsToThePrompt() throws {
      guard FileManager.default.isExecutableFile(atPath: "/usr/bin/less") else {
        throw XCTSkip("less is not installed")
      }
      let shell = try terminal(["--no-resume"], environment: ["PAGER": "less -R"])
      try expectPrompt(shell, at: "/")
      try run(shell, "cd /stories/9-12/24", at: "/")
      try expectPrompt(shell, at: "/stories/9-12/24")
      try run(shell, "read", at: "/stories/9-12/24")
      try expect(shell, "the story's first page in the pager") {
        $0.screen.text.contains("Question Seven") && $0.screen.text.contains("by Felix Marlowe")
      }
      // The pager reads the key, not the line editor: send it at once.
      shell.send("q")
      try expectPrompt(shell, at: "/stories/9-12/24")
      try run(shell, "pwd", at: "/stories/9-12/24")
      try expectLine(shell, "/stories/9-12/24")
      shell.type(Key.ctrlD)
      try expectExit(shell)
    }

    // MARK: - Resuming

    func testRestartResumesAtTheLastScreen() throws {
      let first = try terminal()
      try expectPrompt(first, at: "/")
      try run(first, "cd /toys/Dolls", at: "/")
      try expectPrompt(first, at: "/toys/Dolls")
      first.type(Key.ctrlD)
      try expectExit(first)

      let second = try terminal()
      try expectText(second, "Resuming at /toys/Dolls")
      try expectPrompt(second, at: "/toys/Dolls")
      try run(second, "pwd", at: "/toys/Dolls")
      try expectLine(second, "/toys/Dolls")
      second.type(Key.ctrlD)
      try expectExit(second)

      let third = try terminal(["--no-resume"])
      try expectPrompt(third, at: "/")
      XCTAssertFalse(third.plainText.contains("Resuming"), dump(third))
    }

    func testColoursOnlyOnATerminalAndNoColorTurnsThemOff() throws {
      let coloured = try terminal(["--no-resume"])
      try expectPrompt(coloured, at: "/")
      XCTAssertTrue(coloured.bytes.contains(0x1B), dump(coloured))
      coloured.stop()
      let plain = try terminal(["--no-resume", "--no-color"])
      try expectPrompt(plain, at: "/")
      try run(plain, "ls", at: "/")
      try expectPrompt(plain, at: "/")
      XCTAssertFalse(
        String(decoding: plain.bytes, as: UTF8.self).contains("\u{1B}[3"),
        "colour codes with --no-color\(dump(plain))")
    }

    // MARK: - Episodes

    func testTabCompletesSeasonAndEpisodeSegments() throws {
      let server = try TestHTTPServer()
      defer { server.stop() }
      let capture = ShelfBinary.repositoryRoot.appendingPathComponent(
        "Tests/ShelfCatalogTests/Fixtures/show-1-episodes.json")
      try server.route("/shows/1/episodes", file: capture)
      let shell = try terminal(
        ["--no-resume"], environment: ["SHELF_TVMAZE_URL": server.baseURL.absoluteString])
      try expectPrompt(shell, at: "/")
      try run(shell, "ls /shows/1", at: "/")
      try expectText(shell, "Episodes   39 in 3 seasons")
      try expectPrompt(shell, at: "/")
      shell.type("cd /shows/1/S")
      shell.type(Key.tab)
      try expect(shell, "the seasons") {
        let text = $0.plainText
        return text.contains("S1/") && text.contains("S2/") && text.contains("S3/")
      }
      try expectPrompt(shell, at: "/", typed: "cd /shows/1/S")
      shell.type("3")
      shell.type(Key.tab)
      try expectPrompt(shell, at: "/", typed: "cd /shows/1/S3/")
      shell.type(Key.enter)
      try expectPrompt(shell, at: "/shows/1/S3")
      shell.type("open E1")
      shell.type(Key.tab)
      try expect(shell, "the episodes E1 and E10 to E13") {
        let text = $0.plainText
        return text.contains("E10") && text.contains("E13")
      }
      shell.type("2")
      shell.type(Key.tab)
      try expectPrompt(shell, at: "/shows/1/S3", typed: "open E12 ")
      shell.type(Key.enter)
      try expectPrompt(shell, at: "/shows/1/S3/E12")
      XCTAssertEqual(server.requestCount("/shows/1/episodes"), 1, dump(shell))
      shell.type(Key.ctrlD)
      try expectExit(shell)
    }
  }
#endif

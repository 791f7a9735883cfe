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

  /// The line editor's search, vi mode and resizing, the history file, and pictures.
  extension InteractiveTests {
    // MARK: - Searching, vi mode, resizing (issue 13 items 13-14, issue 14 item 4)

    func testCtrlRThenCtrlCCancelsTheSearchOnly() throws {
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      try run(shell, "cd /toys", at: "/")
      try expectPrompt(shell, at: "/toys")
      shell.type(Key.ctrlR)
      shell.type("cd")
      try expect(shell, "the search finding \"cd /toys\"") {
        $0.screen.allLines.contains("bck:cd") && $0.screen.text.contains("shelf:/toys> cd /toys")
      }
      shell.type(Key.ctrlC)
      try expectPrompt(shell, at: "/toys")
      XCTAssertTrue(shell.isRunning, "Ctrl-C during a search ended the shell\(dump(shell))")
      try run(shell, "pwd", at: "/toys")
      try expectLine(shell, "/toys")
      try expectPrompt(shell, at: "/toys")
      shell.type(Key.ctrlD)
      try expectExit(shell)
    }

    /// `bind -v` in the editrc: Tab still completes in insert mode, Ctrl-R still searches and
    /// Ctrl-C still only clears the line or the search.
    func testViModeKeepsTabCompletionCtrlRAndCtrlC() throws {
      let editrc = sandbox.file("editrc")
      try Data("bind -v\n".utf8).write(to: editrc)
      let shell = try terminal(["--no-resume"], environment: ["EDITRC": editrc.path])
      try expectPrompt(shell, at: "/")
      shell.type("cd to")
      try expectPrompt(shell, at: "/", typed: "cd to")
      shell.type(Key.tab)
      try expectPrompt(shell, at: "/", typed: "cd toys/")
      shell.type(Key.enter)
      try expectPrompt(shell, at: "/toys")
      shell.type(Key.ctrlR)
      shell.type("cd")
      try expect(shell, "the search") { $0.screen.allLines.contains("bck:cd") }
      shell.type(Key.ctrlC)
      try expectPrompt(shell, at: "/toys")
      shell.type("cd /stories")
      try expectPrompt(shell, at: "/toys", typed: "cd /stories")
      shell.type(Key.ctrlC)
      try expectPrompt(shell, at: "/toys")
      XCTAssertTrue(shell.isRunning, "Ctrl-C ended the shell in vi mode\(dump(shell))")
      try run(shell, "pwd", at: "/toys")
      try expectLine(shell, "/toys")
      shell.type(Key.ctrlD)
      try expectExit(shell)
    }

    /// A narrower window while a long line is being edited: the prompt and the line are drawn
    /// again, wrapped at the new width, with nothing left over.
    func testAResizeRedrawsTheLineWithoutStrayText() throws {
      let shell = try terminal(["--no-resume", "--no-color"])
      try expectPrompt(shell, at: "/")
      let typed = "cd /toys/Building\\ Blocks/" + String(repeating: "a", count: 30)
      shell.type(typed)
      try expectPrompt(shell, at: "/", typed: typed)
      try shell.resize(columns: 40)
      shell.type("b")
      let whole = "shelf:/> " + typed + "b"
      let rows = stride(from: 0, to: whole.count, by: 40).map {
        String(whole.dropFirst($0).prefix(40))
      }
      try expect(shell, "the line wrapped at 40 columns: \(rows)") {
        let screen = $0.screen
        return Array(screen.allLines.suffix(rows.count)) == rows
          && screen.column == whole.count % 40
      }
      XCTAssertEqual(
        shell.screen.allLines.filter { $0.hasPrefix("shelf:/>") }.count, 1,
        "the line is on the screen more than once\(dump(shell))")
      shell.type(Key.ctrlC)
      try expect(shell, "a fresh prompt") { $0.screen.currentLine == "shelf:/>" }
      XCTAssertTrue(shell.isRunning, dump(shell))
    }

    // MARK: - History file (issue 13 item 4)

    func testLinesStartingWithASpaceAreNotSaved() throws {
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      try run(shell, " cd /stories", at: "/")
      try expectPrompt(shell, at: "/stories")
      try run(shell, "pwd", at: "/stories")
      try expectLine(shell, "/stories")
      shell.type(Key.ctrlD)
      try expectExit(shell)
      let history = String(
        decoding: try Data(contentsOf: sandbox.dataFile("history")), as: UTF8.self)
      XCTAssertTrue(history.contains("pwd"), history)
      XCTAssertFalse(history.contains("stories"), history)
    }

    /// A history file of 1 GiB (sparse: a hole of zeros, then the last entries) gives a
    /// prompt at once: only the end of the file is read, and the kept entries are recalled.
    func testAHugeHistoryFileIsReadFromItsTail() throws {
      let url = sandbox.dataFile("history")
      _ = FileManager.default.createFile(atPath: url.path, contents: Data("_HiStOrY_V2_\n".utf8))
      let handle = try FileHandle(forWritingTo: url)
      try handle.truncate(atOffset: 1 << 30)
      try handle.seekToEnd()
      try handle.write(contentsOf: Data("\ncd\\040/stories\npwd\n".utf8))
      try handle.close()

      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      shell.type(Key.up)
      try expectPrompt(shell, at: "/", typed: "pwd")
      shell.type(Key.up)
      try expectPrompt(shell, at: "/", typed: "cd /stories")
      shell.type(Key.enter)
      try expectPrompt(shell, at: "/stories")
      shell.type(Key.ctrlD)
      try expectExit(shell)
      let saved = try Data(contentsOf: url)
      XCTAssertLessThan(saved.count, 1000, "the kept entries are written back, not the hole")
      XCTAssertEqual(
        String(decoding: saved, as: UTF8.self),
        "_HiStOrY_V2_\ncd\\040/stories\npwd\ncd\\040/stories\n")
    }

    /// A history file that is not one (as root, mode 0200 does not stop reading, so the file
    /// holds text without libedit's header instead) is left exactly as it was, with a warning.
    func testAnUnreadableHistoryFileIsLeftAloneWithAWarning() throws {
      let url = sandbox.dataFile("history")
      let notes = Data("my shopping notes\nmilk\n".utf8)
      try notes.write(to: url)
      let shell = try terminal(["--no-resume"])
      try expectText(shell, "cannot read the history file \(url.path): not a libedit history file")
      try expectPrompt(shell, at: "/")
      try run(shell, "cd /stories", at: "/")
      try expectPrompt(shell, at: "/stories")
      shell.type(Key.ctrlD)
      try expectExit(shell)
      XCTAssertEqual(try Data(contentsOf: url), notes, "the history file was overwritten")
    }

    func testAHistoryPathThatIsADirectoryGetsAWarning() throws {
      let url = sandbox.dataFile("history")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      let shell = try terminal(["--no-resume"])
      try expectText(shell, "cannot read the history file \(url.path): Is a directory")
      try expectPrompt(shell, at: "/")
      try run(shell, "pwd", at: "/")
      try expectLine(shell, "/")
      shell.type(Key.ctrlD)
      try expectExit(shell)
      var isDirectory: ObjCBool = false
      XCTAssertTrue(FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory))
      XCTAssertTrue(isDirectory.boolValue)
    }

    func testAnExplicitImagesBlocksDrawsEvenWithColoursOff() throws {
      let shell = try terminal(["--no-resume", "--no-color", "--images", "blocks"])
      try expectPrompt(shell, at: "/")
      try run(shell, "poster product:1001", at: "/")
      try expectText(shell, "▀")
      try expectPrompt(shell, at: "/")
      shell.type(Key.ctrlD)
      try expectExit(shell)
    }
  }
#endif

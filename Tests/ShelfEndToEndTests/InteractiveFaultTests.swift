// Linux only: posix_spawn file actions, /proc and the pty calls are written for glibc.
#if os(Linux)
  import Foundation
  import XCTest

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// The interactive session when things around it go wrong (issue 20 items 1, 2, 6, 8, 9;
  /// issue 19 item 7): signals from outside, Ctrl-Z, a hostile editrc or history file, a full
  /// disk, two sessions at once, the C locale, a redirected stderr.
  final class InteractiveFaultTests: TerminalTestCase {
    private var mounts: [URL] = []

    override func tearDown() {
      for mount in mounts { _ = try? runTool("/bin/umount", [mount.path]) }
      mounts = []
      super.tearDown()
    }

    private var sh: URL { URL(fileURLWithPath: "/bin/sh") }

    /// The shell's command line for a parent shell's script, with the sandbox's data directory.
    private var shelfCommand: String {
      "'\(binary.path)' --data-dir '\(sandbox.dataDirectory.path)' --no-resume --no-color"
    }

    private var historyText: String {
      String(
        decoding: (try? Data(contentsOf: sandbox.dataFile("history"))) ?? Data(), as: UTF8.self)
    }

    /// The first child process of `session`'s process (the shell a parent shell started).
    private func childProcess(of session: PseudoTerminalSession) -> pid_t? {
      let path = "/proc/\(session.pid)/task/\(session.pid)/children"
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
      return text.split(separator: " ").first.flatMap { pid_t($0) }
    }

    @discardableResult
    private func runTool(_ path: String, _ arguments: [String]) throws -> Int32 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: path)
      process.arguments = arguments
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }

    // MARK: - Signals (issue 20 item 2)

    /// `kill -TERM` (or HUP, QUIT) of an interactive shelf ends it alone, with 128 + the
    /// signal, the terminal given back and the history saved; the shell that started it goes
    /// on with its next line. (libedit's signal mode sent each one on to the whole process
    /// group: `kill(0, SIGTERM)` killed the parent.)
    func testTermHupAndQuitEndTheSessionButNotTheShellThatStartedIt() throws {
      for (signal, name) in [(SIGTERM, "TERM"), (SIGHUP, "HUP"), (SIGQUIT, "QUIT")] {
        // Without job control, sh gives a background command /dev/null as its input: hand it
        // the terminal explicitly.
        let script = """
          exec 3<&0
          \(shelfCommand) <&3 3<&- &
          echo "started $!"
          wait $!
          echo "shelf ended with $?"
          echo "the parent goes on"
          """
        let parent = try terminal(program: sh, ["-c", script])
        try expect(parent, "the process id") {
          $0.plainText.range(of: "started [0-9]+", options: .regularExpression) != nil
        }
        let started = try XCTUnwrap(
          parent.plainText.range(of: "started [0-9]+", options: .regularExpression))
        let pid = try XCTUnwrap(pid_t(parent.plainText[started].dropFirst("started ".count)))
        parent.readerPID = pid
        try expectPrompt(parent, at: "/")
        try run(parent, "cd /stories", at: "/")
        try expectPrompt(parent, at: "/stories")
        XCTAssertEqual(kill(pid, signal), 0)
        try expectLine(parent, "shelf ended with \(128 + signal)")
        try expectLine(parent, "the parent goes on")
        XCTAssertFalse(parent.isRaw, "SIG\(name) left the terminal in raw mode\(dump(parent))")
        try expectExit(parent, status: 0)
        XCTAssertTrue(historyText.contains("cd\\040/stories"), "SIG\(name): \(historyText)")
      }
    }

    /// Ctrl-Z at the prompt stops shelf with the terminal given back (the job-control shell
    /// reports it stopped, and the terminal is in its normal mode); `fg` draws the prompt and
    /// the half-typed line again, and editing goes on.
    func testCtrlZSuspendsWithTheTerminalGivenBackAndFgRedrawsTheLine() throws {
      let bash = URL(fileURLWithPath: "/bin/bash")
      guard FileManager.default.isExecutableFile(atPath: bash.path) else {
        throw XCTSkip("bash is not installed (needed for job control)")
      }
      let script = """
        set -m
        \(shelfCommand)
        echo "stopped with $?"
        case $(stty -a) in *-icanon*) echo "terminal raw";; *) echo "terminal normal";; esac
        fg
        echo "ended with $?"
        """
      let parent = try terminal(program: bash, ["-c", script])
      try expectPrompt(parent, at: "/")
      parent.readerPID = try XCTUnwrap(childProcess(of: parent), dump(parent))
      parent.type("cd /sto")
      try expectPrompt(parent, at: "/", typed: "cd /sto")
      parent.type("\u{1A}")  // Ctrl-Z
      try expectLine(parent, "stopped with \(128 + SIGTSTP)")
      try expectLine(parent, "terminal normal")
      try expectPrompt(parent, at: "/", typed: "cd /sto")
      parent.type("ries" + Key.enter)
      try expectPrompt(parent, at: "/stories")
      parent.type(Key.ctrlD)
      try expectLine(parent, "ended with 0")
      try expectExit(parent, status: 0)
    }

    // MARK: - The editrc and the history file (issue 20 item 1)

    /// A `bind -s` line of 1,500 characters crashed libedit 3.1-20221030 before the prompt:
    /// shelf leaves it out with a warning naming the file and line, as it does a line libedit
    /// refuses, and takes the others.
    func testEditrcLinesLibeditCannotTakeAreSkippedWithAWarning() throws {
      let editrc = sandbox.file("editrc")
      let long = "bind -s x " + String(repeating: "y", count: 1500)
      try Data((long + "\n# a comment\nbind -s ^G pwd\nfrobnicate on\n").utf8).write(to: editrc)
      let shell = try terminal(["--no-resume"], environment: ["EDITRC": editrc.path])
      try expectText(
        shell, "shelf: warning: \(editrc.path):1: longer than 1000 bytes (1510); skipped")
      try expectText(shell, "shelf: warning: \(editrc.path):4: libedit did not take this line")
      try expectPrompt(shell, at: "/")
      shell.type("\u{07}")  // Ctrl-G, bound on line 3
      try expectPrompt(shell, at: "/", typed: "pwd")
      shell.type(Key.enter)
      try expectLine(shell, "/")
      shell.type(Key.ctrlD)
      try expectExit(shell)
    }

    /// `EDITRC=/dev/zero` grew to gigabytes while libedit read one endless line: it is refused
    /// unread, with a warning, and the prompt comes at once.
    func testAnEditrcThatIsADeviceIsNotRead() throws {
      let shell = try terminal(["--no-resume"], environment: ["EDITRC": "/dev/zero"])
      try expectText(
        shell, "shelf: warning: cannot read /dev/zero: a device, not a regular file; it is not used"
      )
      try expectPrompt(shell, at: "/")
      try run(shell, "pwd", at: "/")
      try expectLine(shell, "/")
      shell.type(Key.ctrlD)
      try expectExit(shell)
    }

    /// A FIFO as ~/.editrc or as the history file hung the start (an open that waits for a
    /// writer): each is refused with a warning naming it, and left as it is.
    func testAFIFOAsTheEditrcOrTheHistoryDoesNotHangTheStart() throws {
      let editrc = sandbox.home.appendingPathComponent(".editrc")
      let history = sandbox.dataFile("history")
      XCTAssertEqual(mkfifo(editrc.path, 0o600), 0)
      XCTAssertEqual(mkfifo(history.path, 0o600), 0)
      let shell = try terminal(["--no-resume"])
      try expectText(
        shell, "cannot read \(editrc.path): a pipe (FIFO), not a regular file; it is not used")
      try expectText(
        shell, "cannot read the history file \(history.path): a pipe (FIFO), not a regular file")
      try expectPrompt(shell, at: "/")
      try run(shell, "pwd", at: "/")
      try expectLine(shell, "/")
      shell.type(Key.ctrlD)
      try expectExit(shell)
      for fifo in [editrc, history] {
        var status = stat()
        XCTAssertEqual(lstat(fifo.path, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO, "\(fifo.path) was replaced")
      }
    }

    // MARK: - History (issue 20 items 6 and 8, issue 19 item 7)

    /// Two sessions at once: each appends its own lines to the file, so the one that exits
    /// first loses nothing, and a third session recalls all of them in the order typed.
    func testTwoSessionsAtOnceBothKeepTheirHistory() throws {
      let first = try terminal(["--no-resume"])
      try expectPrompt(first, at: "/")
      let second = try terminal(["--no-resume"])
      try expectPrompt(second, at: "/")
      try run(first, "cd /toys", at: "/")
      try expectPrompt(first, at: "/toys")
      try run(second, "cd /stories", at: "/")
      try expectPrompt(second, at: "/stories")
      try run(first, "pwd", at: "/toys")
      try expectLine(first, "/toys")
      try expectPrompt(first, at: "/toys")
      second.type(Key.ctrlD)
      try expectExit(second)
      try run(first, "cd /store", at: "/toys")
      try expectPrompt(first, at: "/store")
      first.type(Key.ctrlD)
      try expectExit(first)
      XCTAssertEqual(
        historyText, "_HiStOrY_V2_\ncd\\040/toys\ncd\\040/stories\npwd\ncd\\040/store\n")

      let third = try terminal(["--no-resume"])
      try expectPrompt(third, at: "/")
      for line in ["cd /store", "pwd", "cd /stories", "cd /toys"] {
        third.type(Key.up)
        try expectPrompt(third, at: "/", typed: line)
      }
    }

    /// `history` lists what Up-arrow recalls: no repeat of the line before, nothing typed
    /// after a space.
    func testHistoryListsWhatUpArrowRecalls() throws {
      let shell = try terminal(["--no-resume", "--no-color"])
      try expectPrompt(shell, at: "/")
      try run(shell, "pwd", at: "/")
      try expectPrompt(shell, at: "/")
      try run(shell, "pwd", at: "/")
      try expect(shell, "the second pwd") { $0.screen.allLines.filter { $0 == "/" }.count == 2 }
      try run(shell, " cd /toys", at: "/")
      try expectPrompt(shell, at: "/toys")
      try run(shell, "history", at: "/toys")
      try expectLine(shell, "2  history")
      try expectPrompt(shell, at: "/toys")
      let listed = shell.screen.allLines.drop { $0 != "shelf:/toys> history" }.dropFirst()
        .prefix { !$0.hasPrefix("shelf:") }
      XCTAssertEqual(Array(listed), ["1  pwd", "2  history"], dump(shell))
      for line in ["history", "pwd"] {
        shell.type(Key.up)
        try expectPrompt(shell, at: "/toys", typed: line)
      }
    }

    /// libedit's scratch copy of the history lives in the state directory, not `$TMPDIR`: the
    /// history is kept and recalled with TMPDIR naming no directory (it was neither saved nor
    /// loaded), and a copy left by a killed session is removed at the next start.
    func testTheHistoryNeedsNoTMPDIRAndLeftoverCopiesAreRemoved() throws {
      let noTemporary = ["TMPDIR": sandbox.file("no-such-directory").path]
      let leftover = sandbox.dataFile(".history.2147483647-0123456789abcdef.shelf-tmp")
      try Data("_HiStOrY_V2_\nold\n".utf8).write(to: leftover)
      let first = try terminal(["--no-resume"], environment: noTemporary)
      try expectPrompt(first, at: "/")
      XCTAssertFalse(FileManager.default.fileExists(atPath: leftover.path), "leftover kept")
      try run(first, "cd /stories", at: "/")
      try expectPrompt(first, at: "/stories")
      first.type(Key.ctrlD)
      try expectExit(first)

      let second = try terminal(["--no-resume"], environment: noTemporary)
      try expectPrompt(second, at: "/")
      second.type(Key.up)
      try expectPrompt(second, at: "/", typed: "cd /stories")
      let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.dataDirectory.path)
      XCTAssertEqual(names.filter { $0.hasSuffix(".shelf-tmp") }, [], "\(names)")
    }

    /// A history save that fails (a full disk: a 16 KiB tmpfs, filled) is a warning naming the
    /// file and the reason, once while it lasts, and again at the end with what is lost.
    func testAFailedHistorySaveIsAWarningNamingTheFileAndTheReason() throws {
      let disk = sandbox.file("small-disk")
      try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
      guard
        (try? runTool("/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", disk.path])) == 0
      else {
        throw XCTSkip("cannot mount a small tmpfs here (needs root): the full disk is not tried")
      }
      mounts.append(disk)
      let filler = open(disk.appendingPathComponent("filler").path, O_WRONLY | O_CREAT, 0o600)
      XCTAssertGreaterThanOrEqual(filler, 0)
      let block = [UInt8](repeating: 0, count: 4096)
      while write(filler, block, block.count) > 0 {}
      XCTAssertEqual(errno, ENOSPC)
      close(filler)
      let history = disk.appendingPathComponent("history")
      let shell = try terminal(["--no-resume"], environment: ["SHELF_HISTORY": history.path])
      try expectPrompt(shell, at: "/")
      let warning =
        "shelf: warning: cannot save the history file \(history.path): "
        + "No space left on device"
      try run(shell, "pwd", at: "/")
      try expectText(shell, warning)
      try expectPrompt(shell, at: "/")
      try run(shell, "cd /toys", at: "/")
      try expectPrompt(shell, at: "/toys")
      shell.type(Key.ctrlD)
      try expectText(shell, warning + " (2 lines of this session lost)")
      try expectExit(shell)
      XCTAssertEqual(
        shell.plainText.components(separatedBy: warning).count, 3,
        "the warning once while saving fails, once at the end\(dump(shell))")
    }

    // MARK: - Locale and colours (issue 20 item 9)

    /// A typed `café` runs as `café`: with `LANG=C` libedit dropped every byte above ASCII
    /// (`caf`), and in a UTF-8 locale the key reader decoded a two-byte letter as invalid
    /// (`cafÃ`).
    func testAWordWithAnAccentRunsAsTypedInAnyLocale() throws {
      for locale in [["LANG": "C", "LC_ALL": ""], ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]] {
        let shell = try terminal(["--no-resume"], environment: locale)
        try expectPrompt(shell, at: "/")
        shell.type("café")
        try expectPrompt(shell, at: "/", typed: "café")
        shell.type(Key.enter)
        try expectText(shell, "shelf: café: unknown command")
        try expectPrompt(shell, at: "/")
        shell.type(Key.ctrlD)
        try expectExit(shell)
      }
    }

    /// An interactive session whose stderr is a file: the errors there have no colour codes
    /// (the prompt on the terminal still has them).
    func testErrorsToARedirectedStderrHaveNoColourCodes() throws {
      let errors = sandbox.file("errors.txt")
      let command =
        "exec '\(binary.path)' --data-dir '\(sandbox.dataDirectory.path)' --no-resume "
        + "2>'\(errors.path)'"
      let shell = try terminal(program: sh, ["-c", command])
      try expectPrompt(shell, at: "/")
      XCTAssertTrue(shell.bytes.contains(0x1B), "the prompt has its colours\(dump(shell))")
      try run(shell, "lss", at: "/")
      try expectPrompt(shell, at: "/")
      shell.type(Key.ctrlD)
      try expectExit(shell)
      let text = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
      XCTAssertTrue(text.contains("shelf: lss: unknown command"), text)
      XCTAssertFalse(text.contains("\u{1B}"), String(reflecting: text))
    }
  }
#endif

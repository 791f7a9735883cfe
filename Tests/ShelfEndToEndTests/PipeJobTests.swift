// Linux only: the pseudo-terminal sessions are.
#if os(Linux)
  import Foundation
  import XCTest

  #if canImport(Glibc)
    import Glibc
  #endif

  /// `| COMMAND` and the pager run as a shell runs a job (issue 31 item 2): in a process group
  /// of their own that is the terminal's foreground group, so Ctrl-C and Ctrl-Z reach them and
  /// not shelf, `less` reads the keys, and the prompt comes back clean on a line of its own.
  final class PipeJobTests: TerminalTestCase {
    /// Waits until a job (not the shell) has the terminal.
    private func expectJobInForeground(_ shell: PseudoTerminalSession) throws {
      try expect(shell, "a job in the terminal's foreground") {
        let group = $0.foregroundGroup
        return group > 0 && group != $0.pid
      }
    }

    func testCtrlCStopsThePipedCommandAndTheShellGoesOn() throws {
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      try run(shell, "ls /shows | sleep 30", at: "/")
      try expectJobInForeground(shell)
      let started = Date()
      shell.send(Key.ctrlC)
      try expectPrompt(shell, at: "/")
      XCTAssertLessThan(Date().timeIntervalSince(started), 10, "sleep was stopped, not waited for")
      XCTAssertEqual(shell.foregroundGroup, shell.pid, "the shell has the terminal back")
      XCTAssertFalse(shell.plainText.contains("interrupted"), dump(shell))
      try run(shell, "pwd", at: "/")
      try expectLine(shell, "/")
      shell.type(Key.ctrlD)
      try expectExit(shell)
    }

    func testLessReadsTheKeysOfAPipe() throws {
      guard FileManager.default.isExecutableFile(atPath: "/usr/bin/less") else {
        throw XCTSkip("less is not installed")
      }
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      try run(shell, "ls /toys | less", at: "/")
      try expectJobInForeground(shell)
      try expect(shell, "the list in less") { $0.screen.text.contains("Toy categories") }
      shell.send("q")
      try expectPrompt(shell, at: "/")
      try run(shell, "pwd", at: "/")
      try expectLine(shell, "/")
    }

    func testCtrlZEndsThePipedCommandForThereAreNoBackgroundJobs() throws {
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      try run(shell, "pwd | sleep 30", at: "/")
      try expectJobInForeground(shell)
      shell.send("\u{1A}")
      try expectText(
        shell, "shelf: pwd: | sleep 30: stopped, and ended (shelf keeps no background jobs)")
      try expectPrompt(shell, at: "/")
      XCTAssertEqual(shell.foregroundGroup, shell.pid)
    }

    /// The pager gets `LESS=FRX` unless `LESS` is set, and runs in the foreground.
    func testThePagerIsAForegroundJobWithLessFRX() throws {
      let bin = sandbox.file("bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      let record = sandbox.file("pager.txt")
      let pager = bin.appendingPathComponent("recording-pager")
      let script = """
        #!/bin/sh
        set -- $(ps -o pgid= -o tpgid= -p $$)
        echo "LESS=$LESS foreground=$([ "$1" = "$2" ] && echo yes || echo no)" >> \(record.path)
        cat > /dev/null
        """
      try Data(script.utf8).write(to: pager)
      chmod(pager.path, 0o755)
      for (less, expected) in [(nil, "LESS=FRX foreground=yes"), ("X", "LESS=X foreground=yes")] {
        var environment = ["PAGER": pager.path]
        if let less { environment["LESS"] = less }
        let shell = try terminal(["--no-resume"], environment: environment)
        try expectPrompt(shell, at: "/")
        try run(shell, "help", at: "/")
        try expectPrompt(shell, at: "/")
        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.last.map(String.init), expected, dump(shell))
        shell.stop()
      }
    }
  }
#endif

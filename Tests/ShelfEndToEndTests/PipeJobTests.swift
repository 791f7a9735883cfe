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
    /// Waits until a job (not the shell) has the terminal, and, when `program` is given, that
    /// program runs in the job (`sh -c` starts it a moment later: a Ctrl-C before that is the
    /// shell's alone, as in any shell).
    private func expectJobInForeground(
      _ shell: PseudoTerminalSession, running program: String? = nil
    )
      throws
    {
      try expect(shell, "a job in the terminal's foreground") {
        let group = $0.foregroundGroup
        guard group > 0, group != $0.pid else { return false }
        return program.map { Self.group(group, runs: $0) } ?? true
      }
    }

    /// Whether a process of process group `group` runs `program` (from /proc/PID/stat: the
    /// command in parentheses, then the state, the parent and the group).
    private static func group(_ group: pid_t, runs program: String) -> Bool {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return entries.contains { entry in
        guard Int(entry) != nil,
          let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
          let close = stat.range(of: ") ", options: .backwards)
        else { return false }
        let name = stat[
          stat.index(after: stat.firstIndex(of: "(") ?? stat.startIndex)..<close.lowerBound]
        let fields = stat[close.upperBound...].split(separator: " ")
        return name == program && fields.count > 2 && fields[2] == String(group)
      }
    }

    func testCtrlCStopsThePipedCommandAndTheShellGoesOn() throws {
      let shell = try terminal(["--no-resume"])
      try expectPrompt(shell, at: "/")
      try run(shell, "ls /shows | sleep 30", at: "/")
      try expectJobInForeground(shell, running: "sleep")
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
      try expectJobInForeground(shell, running: "sleep")
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

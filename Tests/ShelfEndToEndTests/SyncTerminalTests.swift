// Linux only: the pseudo-terminal sessions are.
#if os(Linux)
  import Foundation
  import ShelfTestSupport
  import XCTest

  /// `sync = auto` on a real pseudo-terminal: a session syncs when it starts (the prompt waits
  /// at most 5 s) and when it ends; a slow sync shows a progress line past a second.
  final class SyncTerminalTests: TerminalTestCase {
    private var remote: String { sandbox.file("household.git").path }
    private var desktop: URL { sandbox.file("desktop") }

    private func onDesktop(_ lines: String...) throws -> ShelfRun {
      try shelf(
        ["--data-dir", desktop.path] + lines.flatMap { ["-c", $0] }, dataDirFlag: false)
    }

    func testASessionSyncsWhenItStartsAndWhenItEnds() throws {
      XCTAssertEqual(try shelf(commands("sync init \(remote)")).status, 0)
      XCTAssertEqual(try onDesktop("sync join \(remote)").status, 0)
      XCTAssertEqual(try shelf(commands("sync")).status, 0)
      XCTAssertEqual(try onDesktop("fav toy:12", "sync").status, 0)
      let shell = try terminal(["--no-resume"])
      try expectLine(shell, "Synced: 0 changes sent, 1 received")
      try expectPrompt(shell, at: "/")
      try run(shell, "fav toy:42", at: "/")
      try expectPrompt(shell, at: "/")
      shell.type(Key.ctrlD)
      try expectLine(shell, "Synced: 1 change sent, 0 received")
      try expectExit(shell)
      let received = try onDesktop("sync")
      XCTAssertEqual(received.outputLines, ["Synced: 0 changes sent, 1 received"])

      // sync = off: only "sync" syncs.
      let config = sandbox.xdgConfig.appendingPathComponent("shelf/config")
      try FileManager.default.createDirectory(
        at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("sync = off\n".utf8).write(to: config)
      XCTAssertEqual(try onDesktop("fav toy:7", "sync").status, 0)
      let quiet = try terminal(["--no-resume"])
      try expectPrompt(quiet, at: "/")
      XCTAssertFalse(quiet.plainText.contains("Synced"), dump(quiet))
      quiet.type(Key.ctrlD)
      try expectExit(quiet)
      XCTAssertFalse(quiet.plainText.contains("Synced"), dump(quiet))
    }

    func testASlowRemoteLetsTheSessionStartAfterFiveSecondsAndShowsProgress() throws {
      XCTAssertEqual(try shelf(commands("sync init \(remote)")).status, 0)
      let server = try TestHTTPServer()
      defer { server.stop() }
      server.route("/slow.git/info/refs?service=git-upload-pack") { n in
        .status(404).delayed(n == 1 ? 7 : n == 2 ? 2.5 : 0)
      }
      let slow = "http://127.0.0.1:\(server.port)/slow.git"
      _ = try Process.output(
        "/usr/bin/git",
        [
          "--git-dir", sandbox.dataDirectory.appendingPathComponent(".sync/git").path, "config",
          "remote.origin.url", slow,
        ])
      let started = Date()
      let shell = try terminal(["--no-resume"])
      XCTAssertTrue(
        shell.wait(timeout: 10) {
          $0.plainText.contains("Syncing in the background (it took more than 5 s)")
        }, dump(shell))
      try expectPrompt(shell, at: "/")
      XCTAssertLessThan(Date().timeIntervalSince(started), 7, "the prompt waits at most 5 s")
      // The background sync fails a little later: a warning before the next prompt.
      Thread.sleep(forTimeInterval: 2.5)
      shell.type(Key.enter)
      try expectText(shell, "shelf: warning: sync: cannot reach \(slow): ")
      try run(shell, "sync", at: "/")
      try expectText(shell, "sync: receiving from \(slow)…")
      try expectText(shell, "sync: cannot reach \(slow): ")
      try expectPrompt(shell, at: "/")
      shell.type(Key.ctrlD)
      try expectExit(shell)
    }
  }

  extension TestHTTPServer.Response {
    /// The same answer, after `seconds`.
    fileprivate func delayed(_ seconds: TimeInterval) -> Self {
      var response = self
      response.delay = seconds
      return response
    }
  }
#endif

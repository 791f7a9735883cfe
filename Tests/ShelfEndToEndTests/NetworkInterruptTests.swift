// Linux only, like the other terminal tests (posix_spawn, pty calls written for glibc).
#if os(Linux)
  import Foundation
  import ShelfTestSupport
  import XCTest

  #if canImport(Glibc)
    import Glibc
  #endif

  /// Ctrl-C during a network wait (issue 10 item 5): the command stops with `interrupted`, at a
  /// terminal the prompt comes back, a script ends with status 130.
  final class NetworkInterruptTests: EndToEndTestCase {
    private var server: TestHTTPServer!
    private let search = "/search/shows?q=girls"

    override func setUpWithError() throws {
      try super.setUpWithError()
      server = try TestHTTPServer()
      server.route(search, always: .silent)
    }

    override func tearDown() {
      server?.stop()
      server = nil
      super.tearDown()
    }

    private var network: [String: String] { ["SHELF_TVMAZE_URL": server.baseURL.absoluteString] }

    /// Waits up to 5 s for the search to reach the server.
    private func waitForTheRequest() -> Bool {
      let deadline = Date().addingTimeInterval(5)
      while server.requestCount(search) == 0 && Date() < deadline { usleep(10_000) }
      return server.requestCount(search) > 0
    }

    func testCtrlCDuringARequestPrintsInterruptedAndThePromptComesBack() throws {
      let shell = try PseudoTerminalSession(
        binary: binary, arguments: dataDirArguments(["--no-resume"]),
        environment: sandbox.environment.merging(network) { _, new in new })
      defer { shell.stop() }
      func dump() -> String { "\n--- screen ---\n\(shell.screen.text)" }
      func prompt(_ path: String) -> Bool {
        shell.wait(timeout: 5) { $0.screen.currentLine == "shelf:\(path)>" }
      }
      XCTAssertTrue(prompt("/"), dump())
      shell.type("cd /shows\r")
      XCTAssertTrue(prompt("/shows"), dump())
      shell.type("find --online girls\r")
      XCTAssertTrue(waitForTheRequest(), "the search never reached the server\(dump())")
      shell.send("\u{03}")  // cooked mode while the command runs: the kernel sends SIGINT
      XCTAssertTrue(
        shell.wait(timeout: 5) {
          // The terminal echoes the key as ^C before it.
          $0.screen.allLines.contains { $0.hasSuffix("shelf: find: interrupted") }
        }, dump())
      XCTAssertTrue(prompt("/shows"), dump())
      XCTAssertTrue(shell.isRunning, "the shell ended\(dump())")
      XCTAssertFalse(shell.plainText.contains("Oops"), "no retry dialog\(dump())")
      shell.type("pwd\r")
      XCTAssertTrue(shell.wait(timeout: 5) { $0.screen.allLines.contains("/shows") }, dump())
      shell.type("\u{04}")
      XCTAssertEqual(shell.waitForExit(timeout: 5), 0, dump())
    }

    func testCtrlCDuringARequestEndsAScriptWithStatus130() throws {
      let file = try script(lines: ["cd /shows", "find --online girls", "pwd"])
      let running = try start([file.path], environment: network)
      XCTAssertTrue(waitForTheRequest(), "the search never reached the server")
      kill(running.process.processIdentifier, SIGINT)
      let run = try running.wait(timeout: 10)
      XCTAssertEqual(run.status, 130, run.summary)
      XCTAssertTrue(
        String(decoding: run.stderr, as: UTF8.self).contains("shelf: line 2: find: interrupted"),
        run.summary)
      XCTAssertFalse(
        String(decoding: run.stdout, as: UTF8.self).contains("/shows"), "the script stopped")
    }

    /// A script on a pipe that is slow to come: Ctrl-C while the shell waits for the next line
    /// ends it with 130 too (it used to die of the signal without a word).
    func testCtrlCWhileAPipedScriptWaitsForInputEndsItWith130() throws {
      let fifo = sandbox.file("commands")
      XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
      let writer = open(fifo.path, O_RDWR)  // keeps the pipe open: the script never ends
      XCTAssertGreaterThanOrEqual(writer, 0)
      defer { close(writer) }
      let running = try start([], input: .file(fifo))
      let pid = running.process.processIdentifier
      XCTAssertTrue(waitUntilReading(pid), "the shell never waited for input")
      kill(pid, SIGINT)
      let run = try running.wait(timeout: 10)
      XCTAssertEqual(run.status, 130, run.summary)
      XCTAssertTrue(
        String(decoding: run.stderr, as: UTF8.self).contains("interrupted"), run.summary)
    }

    /// Waits up to 5 s until `pid` is blocked in read(2) on its standard input
    /// (/proc/<pid>/syscall: the call number, then the descriptor).
    private func waitUntilReading(_ pid: Int32) -> Bool {
      let deadline = Date().addingTimeInterval(5)
      while Date() < deadline {
        let fields = ((try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "")
          .split(separator: " ")
        #if arch(x86_64)
          let readCall = "0"
        #else
          let readCall = "63"
        #endif
        if fields.count > 1 && fields[0] == readCall && fields[1] == "0x0" { return true }
        usleep(10_000)
      }
      return false
    }
  }
#endif

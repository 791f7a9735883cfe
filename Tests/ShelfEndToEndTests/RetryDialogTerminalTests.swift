// Linux only, like the other terminal tests (posix_spawn, pty calls written for glibc).
#if os(Linux)
  import Foundation
  import ShelfTestSupport
  import XCTest

  /// The retry dialog at a real terminal: its answer is a line of the line editor (Ctrl-L
  /// redraws it rather than typing ^L), `r`/`retry` and `c`/`cancel` are the answers and
  /// anything else is asked again, and a command typed ahead while the request was under way is
  /// not taken as the answer: the next prompt runs it.
  final class RetryDialogTerminalTests: EndToEndTestCase {
    private var server: TestHTTPServer!
    private let search = "/search/shows?q=girls"

    override func setUpWithError() throws {
      try super.setUpWithError()
      server = try TestHTTPServer()
      server.route(search, always: TestHTTPServer.Response(status: 500, delay: 1))
    }

    override func tearDown() {
      server?.stop()
      server = nil
      super.tearDown()
    }

    func testTheDialogReadsALineAsksAgainAndLeavesTypedAheadInputForThePrompt() throws {
      let shell = try PseudoTerminalSession(
        binary: binary, arguments: dataDirArguments(["--no-resume"]),
        environment: sandbox.environment.merging(
          ["SHELF_TVMAZE_URL": server.baseURL.absoluteString]
        ) { _, new in new })
      defer { shell.stop() }
      func dump() -> String { "\n--- screen ---\n\(shell.screen.text)" }
      func prompt(_ path: String) -> Bool {
        shell.wait(timeout: 5) { $0.screen.currentLine == "shelf:\(path)>" }
      }
      // How many times the question's prompt was written (a redraw writes it again too).
      func prompts(_ session: PseudoTerminalSession) -> Int {
        session.plainText.components(separatedBy: "[r] Retry  [c] Cancel:").count - 1
      }
      func asked(_ times: Int) -> Bool { shell.wait(timeout: 5) { prompts($0) >= times } }
      XCTAssertTrue(prompt("/"), dump())
      shell.type("cd /shows\r")
      XCTAssertTrue(prompt("/shows"), dump())
      shell.type("find --online girls\r")
      // Typed while the request is under way (the server answers after a second).
      let deadline = Date().addingTimeInterval(5)
      while server.requestCount(search) == 0 && Date() < deadline { usleep(10_000) }
      shell.send("pwd\r")  // at once: `type` would wait for the line editor
      XCTAssertTrue(asked(1), dump())
      XCTAssertFalse(shell.plainText.contains("cancelled"), "pwd is not the answer\(dump())")
      shell.type("x\r")
      XCTAssertTrue(asked(2), dump())
      XCTAssertTrue(shell.plainText.contains("Type r to try again or c to cancel."), dump())
      // The line editor: Ctrl-L redraws the question's line; Ctrl-U clears it.
      shell.type("ab\u{0C}")
      XCTAssertTrue(
        shell.wait(timeout: 5) { $0.screen.currentLine == "[r] Retry  [c] Cancel: ab" }, dump())
      XCTAssertFalse(shell.plainText.contains("^L"), dump())
      let drawn = prompts(shell)
      shell.type("\u{15}retry\r")
      XCTAssertTrue(asked(drawn + 1), dump())
      XCTAssertEqual(server.requestCount(search), 2, "retried once\(dump())")
      shell.type("c\r")
      XCTAssertTrue(
        shell.wait(timeout: 5) {
          $0.screen.allLines.contains { $0.hasPrefix("shelf: find") && $0.hasSuffix("cancelled") }
        }, dump())
      // The line typed ahead runs at the prompt.
      XCTAssertTrue(shell.wait(timeout: 5) { $0.screen.allLines.contains("/shows") }, dump())
      XCTAssertTrue(prompt("/shows"), dump())
      shell.type("\u{04}")
      XCTAssertEqual(shell.waitForExit(timeout: 5), 0, dump())
    }
  }
#endif

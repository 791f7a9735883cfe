// Linux only, like the other terminal tests (posix_spawn, pty calls written for glibc).
#if os(Linux)
  import Foundation
  import ShelfTestSupport
  import XCTest

  /// `ls /shows --posters` at a terminal (issue 10 item 5): posters come 4 at a time with a
  /// progress line, a body that is not an image is not cached, and Ctrl-C stops the downloads.
  final class PosterDownloadTests: EndToEndTestCase {
    private var server: TestHTTPServer!
    private let count = 6

    override func setUpWithError() throws {
      try super.setUpWithError()
      server = try TestHTTPServer()
      let shows = (1...count).map { id in
        "{\"id\": \(id), \"name\": \"Show \(id)\", \"image\": {\"medium\": "
          + "\"\(server.baseURL.absoluteString)/p/\(id).png\"}}"
      }
      server.route("/shows?page=0", always: .json(Data("[\(shows.joined(separator: ","))]".utf8)))
    }

    override func tearDown() {
      server?.stop()
      server = nil
      super.tearDown()
    }

    private var postersDirectory: URL {
      sandbox.xdgCache.appendingPathComponent("shelf/posters", isDirectory: true)
    }

    private func terminal() throws -> PseudoTerminalSession {
      try PseudoTerminalSession(
        binary: binary, arguments: dataDirArguments(["--no-resume"]),
        environment: sandbox.environment.merging([
          "SHELF_TVMAZE_URL": server.baseURL.absoluteString
        ]) { _, new in new })
    }

    private func prompt(_ shell: PseudoTerminalSession, _ path: String) -> Bool {
      shell.wait(timeout: 10) { $0.screen.currentLine == "shelf:\(path)>" }
    }

    func testPostersComeFourAtATimeWithProgressAndABadImageIsNotCached() throws {
      let image = try Data(
        contentsOf: ShelfBinary.catalog.appendingPathComponent("images/products/1001.png"))
      for id in 1..<count {
        server.route("/p/\(id).png", always: .init(status: 200, body: image, delay: 0.2))
      }
      server.route("/p/\(count).png", always: .init(status: 200, body: Data("<html>".utf8)))
      let shell = try terminal()
      defer { shell.stop() }
      func dump() -> String { "\n--- screen ---\n\(shell.screen.text)" }
      XCTAssertTrue(prompt(shell, "/"), dump())
      shell.type("refresh\r")
      XCTAssertTrue(prompt(shell, "/"), dump())
      shell.type("ls /shows --posters\r")
      XCTAssertTrue(
        shell.wait(timeout: 10) { $0.plainText.contains("posters \(self.count)/\(self.count)") },
        dump())
      XCTAssertTrue(prompt(shell, "/"), dump())
      XCTAssertEqual(server.mostConcurrentRequests, 4, "four downloads at a time")
      let cached = try FileManager.default.contentsOfDirectory(atPath: postersDirectory.path)
      XCTAssertEqual(cached.count, count - 1, "the body that is not an image is not cached")
      XCTAssertEqual(server.requestCount("/p/\(count).png"), 1)
    }

    func testCtrlCStopsThePosterDownloads() throws {
      for id in 1...count { server.route("/p/\(id).png", always: .silent) }
      let shell = try terminal()
      defer { shell.stop() }
      func dump() -> String { "\n--- screen ---\n\(shell.screen.text)" }
      XCTAssertTrue(prompt(shell, "/"), dump())
      shell.type("refresh\r")
      XCTAssertTrue(prompt(shell, "/"), dump())
      shell.type("ls /shows --posters\r")
      XCTAssertTrue(
        shell.wait(timeout: 5) { _ in self.server.targets.filter { $0.hasPrefix("/p/") }.count == 4
        },
        "four downloads started\(dump())")
      shell.send("\u{03}")
      XCTAssertTrue(
        shell.wait(timeout: 5) {
          $0.screen.allLines.contains { $0.hasSuffix("shelf: ls: interrupted") }
        },
        dump())
      XCTAssertTrue(prompt(shell, "/"), dump())
      XCTAssertEqual(
        server.targets.filter { $0.hasPrefix("/p/") }.count, 4, "no download after Ctrl-C")
    }
  }
#endif

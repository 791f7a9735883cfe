import Foundation
import ShelfTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The show store as the built `shelf` uses it: a full pass killed with SIGKILL goes on from
/// the page after the last one it saved, and a bad `SHELF_TVMAZE_URL` stops the shell at
/// start-up.
final class ShowStoreTests: EndToEndTestCase {
  func testAPassKilledWithSIGKILLGoesOnWithoutFetchingSavedPagesAgain() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let generated = GeneratedShows(count: 999)
    generated.serve(on: server, pages: 5)
    let page3 = try XCTUnwrap(generated.page(3))
    // The first request for page 3 hangs: the shell is killed while it waits.
    server.route("/shows?page=3") { n in
      var response = TestHTTPServer.Response.json(page3)
      if n == 1 { response.delay = 30 }
      return response
    }
    let environment = ["SHELF_TVMAZE_URL": server.baseURL.absoluteString]
    let first = try start(commands("refresh --all"), environment: environment)
    let deadline = Date().addingTimeInterval(20)
    while server.requestCount("/shows?page=3") == 0 && Date() < deadline { usleep(10_000) }
    XCTAssertEqual(server.requestCount("/shows?page=3"), 1)
    kill(first.process.processIdentifier, SIGKILL)
    XCTAssertEqual(try first.wait().status, 128 + SIGKILL)

    let second = try shelf(commands("refresh --all", "ls /shows"), environment: environment)
    XCTAssertEqual(second.status, 0, second.summary)
    XCTAssertEqual(
      second.outputLines.first,
      "Fetched 250 shows from TVmaze; /shows lists 999.", second.summary)
    XCTAssertTrue(
      second.outputLines.contains("TV shows (999, from your local copy)"), second.summary)
    for page in 0...2 { XCTAssertEqual(server.requestCount("/shows?page=\(page)"), 1) }
    XCTAssertEqual(server.requestCount("/shows?page=3"), 2)
    XCTAssertEqual(server.requestCount("/shows?page=4"), 1)
  }

  func testAnInvalidTVMazeURLIsAStartUpErrorNamingTheVariable() throws {
    let run = try shelf(commands("pwd"), environment: ["SHELF_TVMAZE_URL": "ftp://example.com"])
    XCTAssertEqual(run.status, 2, run.summary)
    XCTAssertEqual(run.output, "", run.summary)
    XCTAssertEqual(
      run.errorLines, ["shelf: SHELF_TVMAZE_URL is not an http(s) URL: \"ftp://example.com\""],
      run.summary)
  }
}

import Foundation
import ShelfShell
import ShelfTestSupport
import XCTest

/// Ctrl-C during `refresh --all` stops after the current page without the retry dialog, and
/// the next `refresh --all` goes on from there.
final class RefreshInterruptTests: XCTestCase {
  private func page(_ ids: ClosedRange<Int>) -> Data {
    let shows = ids.map { "{\"id\": \($0), \"name\": \"Show \($0)\"}" }
    return Data("[\(shows.joined(separator: ","))]".utf8)
  }

  func testCtrlCStopsAfterTheCurrentPageAndTheNextRunGoesOn() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route("/shows?page=0", always: .json(page(1...3)))
    server.route("/shows?page=1", always: .json(page(4...6)))
    server.route("/shows?page=2", always: .status(404))
    let files = try TestLibrary()
    let asker = ScriptedAsker()
    var pressed = true
    let session = Session(
      library: try files.make(baseURL: server.baseURL), options: SessionOptions(interactive: true),
      asker: asker, opener: RecordingOpener(),
      interrupted: {
        defer { pressed = false }
        return pressed
      })

    let first = session.execute("refresh --all")
    XCTAssertEqual(
      first.errorMessage,
      "refresh: cancelled (interrupted after page 0; \"refresh --all\" goes on from there)")
    XCTAssertTrue(asker.asked.isEmpty, "no retry dialog for an interruption")
    XCTAssertEqual(server.requestCount("/shows?page=1"), 0)

    let second = session.execute("refresh --all")
    XCTAssertNil(second.error)
    XCTAssertEqual(server.requestCount("/shows?page=0"), 1, "page 0 is not fetched again")
    XCTAssertEqual(server.requestCount("/shows?page=1"), 1)
    let listing = TextRenderer(style: .plain).render(
      try XCTUnwrap(session.execute("ls /shows").report))
    XCTAssertTrue(listing.contains("TV shows (6, from your local copy)"), listing)
  }
}

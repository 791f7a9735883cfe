import Foundation
import ShelfShell
import ShelfTestSupport
import XCTest

/// A show name from the network with control characters is never typed into the line by Tab.
final class HostileNameCompletionTests: XCTestCase {
  func testTabOffersTheIdOfAShowWhoseNameHasControlCharacters() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let page: [[String: Any]] = [
      ["id": 7, "name": "Evil\u{1B}]52;c;aGk=\u{07}Twin", "updated": 1],
      ["id": 8, "name": "Evening News", "updated": 1],
    ]
    server.route(
      "/shows?page=0", always: .json(try JSONSerialization.data(withJSONObject: page)))
    let files = try TestLibrary()
    let session = Session(
      library: try files.make(baseURL: server.baseURL),
      options: SessionOptions(interactive: false), asker: ScriptedAsker(),
      opener: RecordingOpener())
    XCTAssertNil(session.execute("refresh").error)
    XCTAssertNil(session.execute("cd /shows").error)
    let candidates = session.complete("open Ev", cursor: 7).candidates
    XCTAssertEqual(candidates.map(\.text).sorted(), ["7", "Evening News"])
    XCTAssertFalse(candidates.contains { $0.text.unicodeScalars.contains("\u{1B}") })
    XCTAssertEqual(candidates.first { $0.text == "7" }?.description, "EvilTwin")
  }
}

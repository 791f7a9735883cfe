import Foundation
import ShelfSearch
import ShelfShell
import ShelfTestSupport
import XCTest

/// /shows on a store of generated shows fetched from a real HTTP server with `refresh --all`:
/// find, Tab and references go through the store's indexes, and `refresh` syncs incrementally.
final class ShowStoreSessionTests: XCTestCase {
  private var server: TestHTTPServer!
  private var files: TestLibrary!
  private let generated = GeneratedShows(count: 749)

  override func setUpWithError() throws {
    try super.setUpWithError()
    server = try TestHTTPServer()
    files = try TestLibrary()
    generated.serve(on: server, pages: 4)
  }

  override func tearDown() {
    server?.stop()
    server = nil
    files = nil
    super.tearDown()
  }

  private func indexedSession() throws -> Session {
    let session = Session(
      library: try files.make(baseURL: server.baseURL), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    XCTAssertEqual(
      text(session.execute("refresh --all")), "Fetched 749 shows from TVmaze; /shows lists 749.\n")
    return session
  }

  private func text(_ outcome: Outcome) -> String {
    if let message = outcome.errorMessage { return "error: \(message)" }
    return outcome.report.map(TextRenderer(style: TerminalStyle(colors: false, width: 200)).render)
      ?? ""
  }

  private func words(_ id: Int) -> [String] {
    SearchKey.fold(generated.name(id)).split(separator: " ").map(String.init)
  }

  func testFindLooksUpWordPrefixesInTheStore() throws {
    let session = try indexedSession()
    XCTAssertNil(session.execute("cd /shows").error)
    let expected = (1...749).filter { id in
      words(id).contains { $0.hasPrefix("silen") } && words(id).contains { $0.hasPrefix("riv") }
    }
    XCTAssertFalse(expected.isEmpty)
    let found = text(session.execute("find SILEN riv"))
    XCTAssertTrue(found.hasPrefix("\(expected.count) found for \"SILEN riv\" in /shows\n"), found)
    for id in expected { XCTAssertTrue(found.contains("show:\(id) "), "show:\(id) in \(found)") }
  }

  /// As in the catalog, find in /shows ranks word prefixes, then substrings, then typos.
  func testFindInShowsFindsSubstringsAndTyposAfterPrefixes() throws {
    let session = try indexedSession()
    XCTAssertNil(session.execute("cd /shows").error)
    let river = (1...749).filter { words($0).contains("river") }
    XCTAssertFalse(river.isEmpty)
    // "iver" is inside "river": a substring match, found only by the word index.
    let inside = text(session.execute("find iver"))
    for id in river { XCTAssertTrue(inside.contains("show:\(id) "), "show:\(id) in \(inside)") }
    // A swap of two letters is one typo.
    let typo = text(session.execute("find rvier"))
    for id in river { XCTAssertTrue(typo.contains("show:\(id) "), "show:\(id) in \(typo)") }
  }

  /// Near spellings are marked in /shows as in every section (`~`, JSON `"match": "typo"`),
  /// and left out, counted, when five or more closer matches exist.
  func testFindInShowsMarksNearSpellingsAndLeavesThemOutAfterEnoughCloserMatches() throws {
    let session = try indexedSession()
    XCTAssertNil(session.execute("cd /shows").error)
    let river = (1...749).filter { words($0).contains("river") }
    XCTAssertGreaterThanOrEqual(river.count, 5)
    let typos = try rows(session.execute("find rvier"))
    XCTAssertFalse(typos.isEmpty)
    XCTAssertTrue(typos.allSatisfy { $0["match"] as? String == "typo" }, "\(typos)")
    let table = text(session.execute("find rvier"))
    XCTAssertTrue(table.contains("\n~ a near spelling of \"rvier\"\n"), table)

    let close = session.execute("find river")
    XCTAssertTrue(try rows(close).allSatisfy { $0["match"] is NSNull }, text(close))
    let document = try json(close)
    let leftOut = document["nearSpellings"] as? Int ?? 0
    let fuzzy = try rows(session.execute("find river --fuzzy"))
    XCTAssertEqual(fuzzy.filter { $0["match"] as? String == "typo" }.count, leftOut)
    XCTAssertEqual(fuzzy.count, (document["total"] as? Int ?? -1) + leftOut)
  }

  private func rows(_ outcome: Outcome) throws -> [[String: Any]] {
    try XCTUnwrap(json(outcome)["rows"] as? [[String: Any]])
  }

  /// The word index is built once, and built again when the list changes, here by another
  /// shell's `refresh`.
  func testFindSeesShowsAnotherShellAdded() throws {
    let session = try indexedSession()
    XCTAssertNil(session.execute("cd /shows").error)
    XCTAssertFalse(text(session.execute("find 752")).contains("show:752 "))
    generated.grow(to: 755)
    let other = Session(
      library: try files.make(baseURL: server.baseURL), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    XCTAssertNil(other.execute("refresh").error)
    let found = text(session.execute("find 752"))
    XCTAssertTrue(found.contains("show:752 "), found)
  }

  func testTabCompletesShowNamesAndIDsFromTheStore() throws {
    let session = try indexedSession()
    XCTAssertNil(session.execute("cd /shows").error)
    let line = "open \"silent ri"
    let byName = session.complete(line, cursor: line.count).candidates.map(\.text)
    let expected = (1...749).map(generated.name).filter {
      SearchKey.name($0).hasPrefix("silent ri")
    }
    XCTAssertEqual(Set(byName), Set(expected))
    XCTAssertFalse(expected.isEmpty)

    let ids = session.complete("open 74", cursor: 7).candidates.map(\.text)
    XCTAssertEqual(ids, ["74"] + (740...749).map(String.init))
  }

  func testReferencesAndPathsResolveThroughTheStore() throws {
    let session = try indexedSession()
    XCTAssertNil(session.execute("cd /shows").error)
    let opened = text(session.execute("open silent-river-16"))
    XCTAssertTrue(opened.hasPrefix("Silent River 16\n"), opened)
    XCTAssertNil(session.execute("cd /shows/749").error)
    XCTAssertEqual(text(session.execute("pwd")), "/shows/749\n")
    let missing = text(session.execute("cd /shows/nowhere-at-all"))
    XCTAssertTrue(missing.hasPrefix("error: "), missing)
    XCTAssertTrue(missing.contains("/shows has no item \"nowhere-at-all\""), missing)
  }

  func testPlainRefreshAfterAFullPassSyncsIncrementally() throws {
    let session = try indexedSession()
    generated.touch(5, stamp: GeneratedShows.baseStamp(5) + 60)
    generated.grow(to: 755)
    XCTAssertEqual(
      text(session.execute("refresh")), "6 new, 1 updated, 748 unchanged (755 shows).\n")
    XCTAssertEqual(server.requestCount("/updates/shows?since=day"), 1)
    XCTAssertEqual(server.requestCount("/shows/5"), 1)
    XCTAssertEqual(server.requestCount("/shows/6"), 0)
    XCTAssertTrue(
      text(session.execute("ls /shows")).hasPrefix("TV shows (755, from your local copy)"))
  }

  func testMaxPagesNeedsAllAndAPositiveNumber() throws {
    let session = Session(
      library: try files.make(baseURL: server.baseURL), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    XCTAssertEqual(
      session.execute("refresh --max-pages 2").errorMessage,
      "refresh: --max-pages goes with --all (see \"help refresh\")")
    XCTAssertEqual(
      session.execute("refresh --all --max-pages 0").errorMessage,
      "refresh: --max-pages takes a whole number from 1, not \"0\"")
    XCTAssertEqual(server.targets, [])
    XCTAssertEqual(
      text(session.execute("refresh --all --max-pages 2")),
      "Fetched 499 shows from TVmaze; /shows lists 499. Stopped before page 2;"
        + " \"refresh --all\" goes on from there.\n")
  }
}

import Foundation
import ShelfDomain
import ShelfHTTP
import ShelfSearch
import ShelfStorage
import ShelfTestSupport
import XCTest

@testable import ShelfTV

extension ShowLibraryTests {
  // MARK: - refresh without a full index

  func testRefreshReplacesTheSnapshotWithPageZero() throws {
    try server.route("/shows?page=0", file: Fixture.url(Fixture.showsPage1))
    let library = makeLibrary()
    let outcome = try library.refresh()
    XCTAssertEqual(outcome.kind, .firstPage)
    XCTAssertEqual(outcome.fetched, 245)
    XCTAssertFalse(try library.isFromSnapshot)
    XCTAssertEqual(try library.count(), 245)
    XCTAssertNil(try library.show(id: 1), "snapshot rows are not kept")
    XCTAssertEqual(try makeLibrary().count(), 245)
  }

  func testPlainRefreshMergesPageZeroAndNeverShrinksTheList() throws {
    try servePages()
    let library = makeLibrary()
    // Two pages, but not to the end: no full index yet.
    XCTAssertEqual(try library.refreshAll(maxPages: 2).total, 485)
    XCTAssertFalse(try library.hasFullIndex)
    let outcome = try library.refresh()
    XCTAssertEqual(outcome.kind, .firstPage)
    XCTAssertEqual(outcome.total, 485, "485 stays 485")
    XCTAssertEqual([outcome.new, outcome.updated, outcome.unchanged], [0, 0, 485])
    XCTAssertEqual(server.requestCount("/shows?page=0"), 2)
  }

  // MARK: - refreshAll

  func testFullPassWalksThePagesUntil404() throws {
    try servePages()
    let library = makeLibrary()
    var progress: [[Int]] = []
    let outcome = try library.refreshAll { page, total in progress.append([page, total]) }
    XCTAssertEqual(outcome.total, 485)
    XCTAssertNil(outcome.nextPage)
    XCTAssertEqual(progress, [[0, 240], [1, 485]])
    XCTAssertEqual(server.targets, ["/shows?page=0", "/shows?page=1", "/shows?page=2"])
    XCTAssertTrue(try library.hasFullIndex)
    XCTAssertNil(try library.unfinishedPassPage)
    var ids: [Int] = []
    try makeLibrary().forEachRow { ids.append($0.id) }
    XCTAssertEqual(ids.count, 485)
    XCTAssertEqual(ids, ids.sorted())
  }

  func testMaxPagesBoundsAPassThatGoesOnNextTime() throws {
    let generated = GeneratedShows(count: 4 * 250 - 1)
    generated.serve(on: server, pages: 5)
    let library = makeLibrary()
    let first = try library.refreshAll(maxPages: 2)
    XCTAssertEqual(first.nextPage, 2)
    XCTAssertEqual(first.total, 499)
    XCTAssertEqual(try library.unfinishedPassPage, 2)
    XCTAssertFalse(try library.hasFullIndex)
    let second = try makeLibrary().refreshAll()
    XCTAssertNil(second.nextPage)
    XCTAssertEqual(second.total, 999)
    XCTAssertEqual(
      server.targets,
      ["/shows?page=0", "/shows?page=1", "/shows?page=2", "/shows?page=3", "/shows?page=4"])
  }

  func testAPassResumesWithoutFetchingFinishedPagesAgain() throws {
    let generated = GeneratedShows(count: 1000)
    generated.serve(on: server, pages: 5)
    let page2 = try XCTUnwrap(generated.page(2))
    server.route("/shows?page=2") { n in n == 1 ? .status(500) : .json(page2) }
    XCTAssertEqual(tvMazeError { try makeLibrary().refreshAll() }?.kind, .httpStatus(500))
    XCTAssertEqual(try makeLibrary().count(), 499, "pages 0 and 1 are kept")

    // Stopped by the progress callback (as Ctrl-C does) after page 2 of the next run.
    struct Stop: Error {}
    XCTAssertThrowsError(
      try makeLibrary().refreshAll { page, _ in if page == 2 { throw Stop() } })
    XCTAssertEqual(try makeLibrary().unfinishedPassPage, 3)

    XCTAssertEqual(try makeLibrary().refreshAll().total, 1000)
    XCTAssertEqual(server.requestCount("/shows?page=0"), 1)
    XCTAssertEqual(server.requestCount("/shows?page=1"), 1)
    XCTAssertEqual(server.requestCount("/shows?page=2"), 2)
    XCTAssertEqual(server.requestCount("/shows?page=3"), 1)
    XCTAssertEqual(server.requestCount("/shows?page=4"), 1)
  }

  func testAPassForAnotherServerIsNotResumed() throws {
    let page1 = try Fixture.data(Fixture.showsPage1)
    try servePages(page1: { n in n == 1 ? .status(500) : .json(page1) })
    XCTAssertNotNil(tvMazeError { try makeLibrary().refreshAll() })

    let other = try TestHTTPServer()
    defer { other.stop() }
    try other.route("/shows?page=0", file: Fixture.url(Fixture.showsPage1))
    let library = makeLibrary(
      client: TVMazeClient(baseURL: other.baseURL, transport: URLSessionTransport(), timeout: 5))
    XCTAssertEqual(try library.refreshAll().total, 245)
    XCTAssertEqual(other.targets, ["/shows?page=0", "/shows?page=1"])
    XCTAssertEqual(try library.show(id: 1), nil, "page 0 of the first server is not kept")
  }

  func testAShowLackingARequiredFieldIsSkippedAndCounted() throws {
    let body =
      #"[{"id": 1, "name": "One"}, {"id": 2}, {"name": "No id"}, {"id": 4, "name": "Four"}]"#
    server.route("/shows?page=0", always: .json(Data(body.utf8)))
    server.route("/shows?page=1", always: .status(404))
    let outcome = try makeLibrary().refreshAll()
    XCTAssertEqual(outcome.skipped, 2)
    XCTAssertEqual(outcome.total, 2)
    XCTAssertEqual(try makeLibrary().show(id: 4)?.name, "Four")
  }

  func testAHardCapBoundsAPassOnAnAPIThatNeverEnds() throws {
    XCTAssertEqual(ShowLibrary.pageCap, 2000)
    let generated = GeneratedShows(count: 600)
    generated.serve(on: server, pages: 3)
    let outcome = try makeLibrary().refreshAll(maxPages: 5000)
    XCTAssertNil(outcome.nextPage, "it stops at the API's first 404")
    XCTAssertEqual(server.targets.count, 4)
  }

  // MARK: - Failures change nothing

  func testEveryFailedFetchLeavesTheStoreAsItWas() throws {
    try server.route("/shows?page=0", file: Fixture.url(Fixture.showsPage1))
    let library = makeLibrary()
    try library.refresh()
    let before = try dump()
    let full = try Fixture.data(Fixture.showsPage0)
    let failures: [(TestHTTPServer.Response, TVMazeError.Kind)] = [
      (.status(500), .httpStatus(500)),
      (.status(404), .httpStatus(404)),
      (.json(full.prefix(1000)), .badResponse),
      (.json(Data(#"{"id": 1, "name": "not a list"}"#.utf8)), .badResponse),
    ]
    for (response, kind) in failures {
      server.route("/shows?page=0", always: response)
      XCTAssertEqual(tvMazeError { try library.refresh() }?.kind, kind)
      XCTAssertEqual(tvMazeError { try library.refreshAll() }?.kind, kind)
      XCTAssertEqual(try dump(), before, "\(kind)")
    }
    XCTAssertEqual(try makeLibrary().count(), 245)
  }

  func testAFailedFirstFetchKeepsTheSnapshot() throws {
    server.route("/shows?page=0", always: .status(404))
    let library = makeLibrary()
    XCTAssertEqual(tvMazeError { try library.refreshAll() }?.kind, .httpStatus(404))
    XCTAssertTrue(try library.isFromSnapshot)
    XCTAssertEqual(try library.count(), 240)
  }

  // MARK: - Incremental sync

  func fullIndex(of generated: GeneratedShows, pages: Int) throws -> ShowLibrary {
    generated.serve(on: server, pages: pages)
    let library = makeLibrary()
    XCTAssertNil(try library.refreshAll().nextPage)
    XCTAssertTrue(try library.hasFullIndex)
    return library
  }

  func testIncrementalSyncFetchesOnlyChangedShowsAndNewPages() throws {
    let generated = GeneratedShows(count: 600)
    let library = try fullIndex(of: generated, pages: 4)
    let passRequests = server.targets.count
    generated.touch(5, stamp: GeneratedShows.baseStamp(5) + 100)
    generated.touch(6, stamp: GeneratedShows.baseStamp(6))  // listed, but not newer
    generated.grow(to: 760)  // 10 new on page 2, 10 on page 3

    wallClock += 2 * 86_400
    let outcome = try makeLibrary().refresh()
    XCTAssertEqual(outcome.kind, .incremental(.week))
    XCTAssertEqual([outcome.new, outcome.updated, outcome.unchanged], [160, 1, 599])
    XCTAssertEqual(outcome.total, 760)
    XCTAssertEqual(
      Array(server.targets.dropFirst(passRequests)),
      [
        "/updates/shows?since=week", "/shows/5", "/shows?page=2", "/shows?page=3",
        "/shows?page=4",
      ])
    XCTAssertEqual(try library.show(id: 5)?.updated, GeneratedShows.baseStamp(5) + 100)
    XCTAssertEqual(try library.show(id: 760)?.name, generated.name(760))

    // A day later: the smallest window covering the last sync, and nothing new.
    wallClock += 3600
    let next = try makeLibrary().refresh()
    XCTAssertEqual(next.kind, .incremental(.day))
    XCTAssertEqual([next.new, next.updated, next.unchanged], [0, 0, 760])
  }

  /// A refresh that renames a show moves it in find's order and out of its old words' results
  /// (the rows find reads from its word index follow every refresh).
  func testARefreshThatRenamesAShowMovesItInFind() throws {
    let generated = GeneratedShows(count: 300)
    let library = try fullIndex(of: generated, pages: 2)
    XCTAssertEqual(generated.name(40), "Lantern Harbour 40")
    XCTAssertNotEqual(try XCTUnwrap(library.find("harbour")).first?.row.id, 40)
    XCTAssertTrue(try XCTUnwrap(library.find("lantern")).contains { $0.row.id == 40 })
    generated.rename(40, to: "Aardvark Harbour")
    generated.touch(40, stamp: GeneratedShows.baseStamp(40) + 100)
    wallClock += 3600
    XCTAssertEqual(try makeLibrary().refresh().updated, 1)
    let found = try XCTUnwrap(makeLibrary().find("harbour"))
    XCTAssertEqual(
      found.first,
      ShowMatch(
        row: ShowRow(id: 40, name: "Aardvark Harbour", rating: 5, genres: "Drama, Romance"),
        tier: .exact))
    XCTAssertEqual(found.count, try XCTUnwrap(library.find("harbour")).count)
    XCTAssertFalse(try XCTUnwrap(makeLibrary().find("lantern")).contains { $0.row.id == 40 })
  }

  func testALastSyncOlderThanAMonthMeansAFullPass() throws {
    let generated = GeneratedShows(count: 300)
    _ = try fullIndex(of: generated, pages: 2)
    wallClock += 40 * 86_400
    let outcome = try makeLibrary().refresh()
    XCTAssertEqual(outcome.kind, .fullPass)
    XCTAssertEqual(server.requestCount("/shows?page=0"), 2)
    XCTAssertEqual(server.requestCount("/updates/shows?since=month"), 0)
  }

  func testAFailedIncrementalSyncKeepsTheStoreAndTheLastSync() throws {
    let generated = GeneratedShows(count: 300)
    _ = try fullIndex(of: generated, pages: 2)
    let before = try dump()
    server.route("/updates/shows?since=day", always: .json(Data("{\"1\": 17".utf8)))
    wallClock += 60
    XCTAssertEqual(tvMazeError { try makeLibrary().refresh() }?.kind, .badResponse)
    server.route("/updates/shows?since=day", always: .status(503))
    XCTAssertEqual(tvMazeError { try makeLibrary().refresh() }?.kind, .httpStatus(503))
    XCTAssertEqual(try dump(), before)
  }
}

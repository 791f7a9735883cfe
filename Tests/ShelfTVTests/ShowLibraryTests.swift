import Foundation
import ShelfDomain
import ShelfHTTP
import ShelfSearch
import ShelfStorage
import ShelfTestSupport
import XCTest

@testable import ShelfTV

/// The show store through `ShowLibrary`: a real SQLite file in a temporary directory, filled
/// from the snapshot, the old JSON copy and a real HTTP server on 127.0.0.1.
final class ShowLibraryTests: ServerTestCase {
  private var storeURL: URL { temporary.file("cache/shelf/shows.sqlite") }
  private var legacyCopy: URL { temporary.file("data/shows.json") }
  /// Paces the client without waiting (20 calls per 10 s of fake time).
  private let fakeClock = FakeClock()
  /// The wall-clock time the library sees, moved by tests to age the last sync.
  private var wallClock = Date(timeIntervalSince1970: 1_700_000_000)

  private func makeLibrary(
    snapshot: URL = Fixture.url(Fixture.showsPage0), client: TVMazeClient? = nil
  ) -> ShowLibrary {
    ShowLibrary(
      storeURL: storeURL, snapshotURL: snapshot, legacyCopyURL: legacyCopy,
      client: client ?? makeClient(clock: fakeClock.clock), now: { [unowned self] in wallClock })
  }

  private func servePages(page1: TestHTTPServer.Handler? = nil) throws {
    try server.route("/shows?page=0", file: Fixture.url(Fixture.showsPage0))
    if let page1 {
      server.route("/shows?page=1", page1)
    } else {
      try server.route("/shows?page=1", file: Fixture.url(Fixture.showsPage1))
    }
    server.route("/shows?page=2", always: .status(404))
  }

  /// Every row and meta value of the store, read through a connection of its own.
  private func dump() throws -> [String] {
    let database = try SQLiteDatabase(path: storeURL.path)
    let shows = try database.statement("SELECT id, json FROM shows ORDER BY id").rows {
      "\($0.int(0)) \(String(decoding: $0.blob(1), as: UTF8.self))"
    }
    let meta = try database.statement("SELECT key, value FROM meta ORDER BY key").rows {
      "\($0.text(0))=\($0.text(1))"
    }
    return shows + meta
  }

  private func snapshotShows() throws -> [Show] {
    try ShowList.decode(Data(contentsOf: Fixture.url(Fixture.showsPage0)))
  }

  // MARK: - Reading

  func testShowsComeFromTheSnapshotUntilARefresh() throws {
    let library = makeLibrary()
    XCTAssertTrue(try library.isFromSnapshot)
    XCTAssertEqual(try library.count(), 240)
    XCTAssertEqual(try library.show(id: 1)?.name, "Under the Dome")
    XCTAssertEqual(try library.show(id: 1), try snapshotShows().first)
    XCTAssertNil(try library.show(id: 17))
    XCTAssertEqual(library.takeWarnings(), [])
    XCTAssertEqual(server.targets, [], "reading the list never calls the network")
    XCTAssertTrue(FileManager.default.fileExists(atPath: storeURL.path))
  }

  func testBriefShowsHoldWhatTheFullShowsSayOfNameGenresStatusAndRuntimes() throws {
    let library = makeLibrary()
    let ids = try snapshotShows().prefix(40).map(\.id) + [17]
    let brief = Dictionary(
      uniqueKeysWithValues: try library.briefShows(ids: ids).map { ($0.id, $0) })
    XCTAssertEqual(brief.count, 40, "the show the store lacks is left out")
    for id in ids.dropLast() {
      let full = try XCTUnwrap(library.show(id: id))
      let short = try XCTUnwrap(brief[id])
      XCTAssertEqual(short.name, full.name)
      XCTAssertEqual(short.genres ?? [], full.genres ?? [], full.name)
      XCTAssertEqual(short.status, full.status)
      XCTAssertEqual(short.runtime, full.runtime)
      XCTAssertEqual(short.averageRuntime, full.averageRuntime)
      XCTAssertNil(short.summary)
    }
  }

  func testPagesInIDOrderCoverTheWholeList() throws {
    let library = makeLibrary()
    var ids: [Int] = []
    var last = 0
    while case let page = try library.shows(afterID: last, limit: 50), let final = page.last {
      XCTAssertLessThanOrEqual(page.count, 50)
      ids += page.map(\.id)
      last = final.id
    }
    XCTAssertEqual(ids, try snapshotShows().map(\.id).sorted())
    var rows: [ShowRow] = []
    try library.forEachRow(batch: 7) { rows.append($0) }
    XCTAssertEqual(rows.map(\.id), ids)
    XCTAssertEqual(
      rows.first,
      ShowRow(
        id: 1, name: "Under the Dome", rating: 6.5, genres: "Drama, Science-Fiction, Thriller"))
  }

  func testAStoreOfThousandsOfShowsIsReadAShowAtATime() throws {
    let generated = GeneratedShows(count: 2600)
    generated.serve(on: server, pages: 12)
    XCTAssertEqual(try makeLibrary().refreshAll().total, 2600)

    // A new session opens the file and reads single shows and single pages.
    let library = makeLibrary()
    XCTAssertEqual(try library.count(), 2600)
    XCTAssertEqual(try library.show(id: 2345)?.name, generated.name(2345))
    XCTAssertEqual(try library.show(id: 2345)?.updated, GeneratedShows.baseStamp(2345))
    let page = try library.shows(afterID: 2000, limit: 250)
    XCTAssertEqual(page.map(\.id), Array(2001...2250))

    // Rows are decoded one by one: a damaged row spoils only its own show.
    let database = try SQLiteDatabase(path: storeURL.path)
    try database.execute("UPDATE shows SET json = x'7b22' WHERE id = 17")
    XCTAssertEqual(try library.show(id: 18)?.id, 18)
    XCTAssertEqual(try library.shows(afterID: 2000, limit: 3).map(\.id), [2001, 2002, 2003])
    XCTAssertThrowsError(try library.show(id: 17)) { error in
      XCTAssertEqual((error as? TVCacheError)?.kind, .corrupt)
    }
  }

  /// Every table, index and trigger of the store is one some command reads: no full-text
  /// index (no command searched it, and every write filled it).
  func testTheStoreKeepsOnlyWhatCommandsRead() throws {
    _ = try makeLibrary().count()
    let database = try SQLiteDatabase(path: storeURL.path)
    let schema = try database.statement(
      "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
    ).rows { "\($0.text(0)) \($0.text(1))" }
    XCTAssertEqual(
      schema,
      [
        "index show_postings_show", "index show_words_scanned",
        "index shows_folded", "index shows_for_children", "index shows_genres_width",
        "index shows_name_width",
        "index shows_rows", "index shows_slug", "table episode_lists", "table episode_rows",
        "table meta", "table migrations",
        "table show_postings", "table show_words", "table show_words_pending", "table shows",
        "trigger show_words_delete", "trigger show_words_insert", "trigger show_words_update",
      ])
    XCTAssertFalse(
      try database.statement("PRAGMA table_info(shows)").rows { $0.text(1) }.contains("summary"))
  }

  func testCompletionByFoldedNamePrefixAndByIDPrefix() throws {
    let library = makeLibrary()
    let shows = try snapshotShows()
    let expectedNames = shows.filter { SearchKey.name($0.name).hasPrefix("the") }
      .sorted { (SearchKey.name($0.name), $0.id) < (SearchKey.name($1.name), $1.id) }
    let names = try library.completions(namePrefix: "THE", limit: 1000)
    XCTAssertEqual(names.map(\.id), expectedNames.map(\.id))
    XCTAssertFalse(names.isEmpty)
    let limited = try library.completions(namePrefix: "the", limit: 3)
    XCTAssertEqual(limited.count, 3)
    XCTAssertEqual(limited.last?.id, expectedNames.last?.id, "the last match is kept")

    let ids = try library.completions(idPrefix: "24", limit: 100).map(\.id)
    XCTAssertEqual(ids, shows.map(\.id).filter { String($0).hasPrefix("24") }.sorted())
    XCTAssertEqual(try library.completions(idPrefix: "2", limit: 5).count, 5)
    XCTAssertEqual(try library.completions(idPrefix: "x", limit: 5), [])
  }

  // MARK: - Importing and rebuilding

  /// The shows TVmaze files under Children or Family are counted and listed from an index of
  /// their own (with a child active, /shows says how many fit at 85,000 shows at once).
  func testTheShowsThatFitAChildAreCountedAndListedFromTheirIndex() throws {
    let library = makeLibrary()
    let expected = try snapshotShows().filter { ChildrensShows.fit($0.genres ?? []) }.map(\.id)
    XCTAssertFalse(expected.isEmpty)
    XCTAssertEqual(try library.count(ShowListQuery(fitsChildren: true)), expected.count)
    XCTAssertEqual(try library.rows(ShowListQuery(fitsChildren: true)).map(\.id), expected)
    XCTAssertEqual(
      try library.rows(ShowListQuery(order: .rating, limit: 3, fitsChildren: true)).count, 3)
    let database = try SQLiteDatabase(path: storeURL.path)
    let plan = try database.statement(
      "EXPLAIN QUERY PLAN SELECT count(*) FROM shows WHERE \(ShowStore.childrensShows)"
    ).rows { $0.text(3) }
    XCTAssertTrue(plan.contains { $0.contains("shows_for_children") }, "\(plan)")
  }

  func testAnOldShowsJSONIsImportedOnceAndRenamedAside() throws {
    try temporary.write("data/shows.json", try Fixture.data(Fixture.showsPage1))
    let library = makeLibrary()
    XCTAssertEqual(try library.count(), 245)
    XCTAssertFalse(try library.isFromSnapshot)
    XCTAssertFalse(FileManager.default.fileExists(atPath: legacyCopy.path))
    XCTAssertTrue(FileManager.default.fileExists(atPath: legacyCopy.path + ".imported"))

    // A refresh merges into the imported list; a new session does not import again.
    try server.route("/shows?page=0", file: Fixture.url(Fixture.showsPage0))
    XCTAssertEqual(try library.refresh().total, 485)
    let next = makeLibrary()
    XCTAssertEqual(try next.count(), 485)
    XCTAssertEqual(next.takeWarnings(), [])
  }

  func testAnUnreadableOldCopyIsSetAsideWithAWarning() throws {
    try temporary.write("data/shows.json", "[{\"id\": 1, \"name\": \"Trunc")
    let library = makeLibrary()
    XCTAssertEqual(try library.count(), 240)
    XCTAssertTrue(try library.isFromSnapshot)
    let warnings = library.takeWarnings()
    XCTAssertEqual(warnings.count, 1)
    XCTAssertTrue(warnings[0].contains(legacyCopy.path), warnings[0])
    XCTAssertEqual(library.takeWarnings(), [], "warnings are taken once")
    XCTAssertEqual(makeLibrary().takeWarnings(), [], "and given once")
  }

  func testADamagedStoreIsSetAsideAndRebuilt() throws {
    try temporary.write(
      "cache/shelf/shows.sqlite", String(repeating: "not a database ", count: 300))
    let library = makeLibrary()
    XCTAssertEqual(try library.count(), 240)
    let warnings = library.takeWarnings()
    XCTAssertEqual(warnings.count, 1)
    XCTAssertTrue(warnings[0].contains("shows.sqlite.damaged"), warnings[0])
  }

  func testAStoreDamagedInsideIsSetAsideAndRebuiltWhenItIsUsed() throws {
    XCTAssertEqual(try makeLibrary().count(), 240)
    // The header and the first pages (the schema, the meta table) stay: the file opens; every
    // page after them (rows and indexes) is overwritten.
    let url = temporary.file("cache/shelf/shows.sqlite")
    var bytes = try Data(contentsOf: url)
    for index in (4 * 4096)..<bytes.count { bytes[index] = 0xA5 }
    try bytes.write(to: url)
    for suffix in ["-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: url.path + suffix)
    }
    let library = makeLibrary()
    XCTAssertEqual(try library.count(), 240)
    XCTAssertEqual(try library.show(id: 1)?.name, "Under the Dome")
    let warnings = library.takeWarnings()
    XCTAssertEqual(warnings.count, 1)
    XCTAssertTrue(warnings.first?.contains("shows.sqlite.damaged") == true, "\(warnings)")
  }

  func testMissingSnapshotIsAnUnreadableError() {
    let library = makeLibrary(snapshot: temporary.file("missing.json"))
    XCTAssertThrowsError(try library.count()) { error in
      XCTAssertEqual((error as? TVCacheError)?.kind, .unreadable)
      XCTAssertEqual((error as? TVCacheError)?.isFetchFailure, false)
      XCTAssertEqual(
        (error as? TVCacheError)?.description,
        "cannot read \(self.temporary.file("missing.json").path): No such file or directory")
    }
  }

  func testTheSchemaStepsAreRecordedByName() throws {
    _ = try makeLibrary().count()
    let database = try SQLiteDatabase(path: storeURL.path)
    XCTAssertEqual(
      try ShowStoreSchema.migrator.appliedMigrations(database),
      ShowStoreSchema.migrator.migrations.map(\.name))
    XCTAssertEqual(try database.userVersion(), ShowStoreSchema.version)
    XCTAssertEqual(
      try database.statement("PRAGMA journal_mode").firstRow { $0.text(0) }, "wal")
  }

  /// A file of schema 2 (before the listing index, from before steps had names) is brought up
  /// to date on open, its rows kept, and reading rows in id order uses the new index instead
  /// of the shows' JSON.
  func testASchemaTwoFileIsMigratedAndRowsAreReadFromTheirIndex() throws {
    try FileManager.default.createDirectory(
      at: storeURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    do {
      let old = try SQLiteDatabase(path: storeURL.path)
      try ShowStoreSchema.migrator.migrate(old, upTo: "episodes")
      try old.execute("DROP TABLE migrations")
      XCTAssertEqual(try old.userVersion(), 2)
      try old.execute(
        """
        INSERT INTO meta(key, value) VALUES ('source', 'snapshot');
        INSERT INTO shows(id, name, folded, slug, updated, rating, genres, summary, json)
        VALUES (7, 'Kept Show', 'kept show', 'kept-show', 1, 8.5, 'Drama', 'A summary',
                '{"id":7,"name":"Kept Show"}');
        INSERT INTO episodes(show_id, updated, json) VALUES (7, 1, '[]');
        """)
    }
    let library = makeLibrary()
    XCTAssertEqual(try library.rows(limit: 10).map(\.name), ["Kept Show"])
    XCTAssertEqual(try library.find("kept")?.map(\.row.id), [7])
    XCTAssertEqual(try library.keptEpisodes(showID: 7)?.updated, 1)
    let database = try SQLiteDatabase(path: storeURL.path)
    XCTAssertEqual(try database.userVersion(), ShowStoreSchema.version)
    XCTAssertEqual(
      try ShowStoreSchema.migrator.appliedMigrations(database),
      ShowStoreSchema.migrator.migrations.map(\.name))
    XCTAssertEqual(
      try database.scalarInt("SELECT count(*) FROM sqlite_master WHERE name LIKE 'shows_t%'"), 0)
    let plan = try database.statement(
      "EXPLAIN QUERY PLAN SELECT id, name, rating, genres FROM shows WHERE id > 0 ORDER BY id LIMIT 5"
    ).firstRow { $0.text(3) }
    XCTAssertEqual(plan, "SEARCH shows USING COVERING INDEX shows_rows (id>?)")
  }

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

  private func fullIndex(of generated: GeneratedShows, pages: Int) throws -> ShowLibrary {
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

  // MARK: - Configuration

  func testAnInvalidTVMazeURLIsAnErrorNamingTheVariable() {
    for value in ["not a url", "ftp://example.com", "http://", "file:///etc/passwd"] {
      XCTAssertThrowsError(
        try TVMazeClient.configuredBaseURL(environment: ["SHELF_TVMAZE_URL": value])
      ) { error in
        XCTAssertEqual(
          (error as? ConfigurationError)?.description,
          "SHELF_TVMAZE_URL is not an http(s) URL: \"\(value)\"")
      }
    }
    XCTAssertEqual(
      try TVMazeClient.configuredBaseURL(environment: ["SHELF_TVMAZE_URL": "http://127.0.0.1:8"])
        .absoluteString, "http://127.0.0.1:8")
    XCTAssertEqual(
      try TVMazeClient.configuredBaseURL(environment: [:]).absoluteString,
      TVMazeClient.defaultBaseURL)
  }
}

/// Two shells on one store at once: each has its own connection; WAL and the busy timeout
/// let both read and write without an error.
final class ShowStoreConcurrencyTests: ServerTestCase {
  func testTwoLibrariesRefreshAndReadTheSameStoreAtOnce() throws {
    let generated = GeneratedShows(count: 999)
    generated.serve(on: server, pages: 5)
    let storeURL = temporary.file("cache/shows.sqlite")
    let failures = ErrorList()
    let baseURL = server.baseURL
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let client = TVMazeClient(
        baseURL: baseURL, transport: URLSessionTransport(), timeout: 5, clock: FakeClock().clock)
      let library = ShowLibrary(
        storeURL: storeURL, snapshotURL: Fixture.url(Fixture.showsPage0), client: client)
      do {
        if index == 0 {
          try library.refreshAll()
        } else {
          for _ in 0..<5 {
            _ = try library.count()
            _ = try library.find("silent")
            try library.refresh()
          }
        }
      } catch {
        failures.append("\(index): \(error)")
      }
    }
    XCTAssertEqual(failures.all, [])
    let library = ShowLibrary(
      storeURL: storeURL, snapshotURL: Fixture.url(Fixture.showsPage0), client: makeClient())
    XCTAssertEqual(try library.count(), 999)
  }
}

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
  var storeURL: URL { temporary.file("cache/shelf/shows.sqlite") }
  var legacyCopy: URL { temporary.file("data/shows.json") }
  /// Paces the client without waiting (20 calls per 10 s of fake time).
  let fakeClock = FakeClock()
  /// The wall-clock time the library sees, moved by tests to age the last sync.
  var wallClock = Date(timeIntervalSince1970: 1_700_000_000)

  func makeLibrary(
    snapshot: URL = Fixture.url(Fixture.showsPage0), client: TVMazeClient? = nil
  ) -> ShowLibrary {
    ShowLibrary(
      storeURL: storeURL, snapshotURL: snapshot, legacyCopyURL: legacyCopy,
      client: client ?? makeClient(clock: fakeClock.clock), now: { [unowned self] in wallClock })
  }

  func servePages(page1: TestHTTPServer.Handler? = nil) throws {
    try server.route("/shows?page=0", file: Fixture.url(Fixture.showsPage0))
    if let page1 {
      server.route("/shows?page=1", page1)
    } else {
      try server.route("/shows?page=1", file: Fixture.url(Fixture.showsPage1))
    }
    server.route("/shows?page=2", always: .status(404))
  }

  /// Every row and meta value of the store, read through a connection of its own.
  func dump() throws -> [String] {
    let database = try SQLiteDatabase(path: storeURL.path)
    let shows = try database.statement("SELECT id, json FROM shows ORDER BY id").rows {
      "\($0.int(0)) \(String(decoding: $0.blob(1), as: UTF8.self))"
    }
    let meta = try database.statement("SELECT key, value FROM meta ORDER BY key").rows {
      "\($0.text(0))=\($0.text(1))"
    }
    return shows + meta
  }

  func snapshotShows() throws -> [Show] {
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

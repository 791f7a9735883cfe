import Foundation
import ShelfDomain
import ShelfSearch
import ShelfStorage
import ShelfTestSupport
import XCTest

@testable import ShelfTV

/// `find`'s word index in the show store (`ShowWordIndex`): the distinct words of every show's name
/// and genres with the shows holding each. It ranks exactly as the catalog's in-memory index
/// does, follows every write, and is not used (the caller answers from memory) while a show
/// written behind its back waits to be indexed.
final class ShowWordIndexTests: TemporaryDirectoryTestCase {
  private var storeURL: URL { temporary.url.appendingPathComponent("cache/shelf/shows.sqlite") }

  private func makeLibrary() -> ShowLibrary {
    ShowLibrary(
      storeURL: storeURL, snapshotURL: Fixture.url(Fixture.showsPage0),
      client: TVMazeClient(
        baseURL: URL(string: "http://127.0.0.1:9")!, transport: UnusedTransport(), timeout: 1))
  }

  /// What the in-memory index (today's `find` in a session) answers over the same rows.
  private func inMemory(_ library: ShowLibrary, _ text: String) throws -> [ShowMatch] {
    var rows: [ShowRow] = []
    try library.forEachRow { rows.append($0) }
    let index = SearchIndex(
      count: rows.count, fields: { [rows[$0].name, rows[$0].genres] }, name: { rows[$0].name })
    return index.search(text).map { ShowMatch(row: rows[$0.position], tier: $0.tier) }
  }

  private static let queries = [
    "the", "dome", "dom", "ome", "drama", "comedy crime", "sciense", "dramma thriller",
    "2", "100", "under the", "x", "ÉTÉ", "zzzz",
  ]

  func testTheStoreFindsAndRanksAsTheIndexInMemory() throws {
    let library = makeLibrary()
    for query in Self.queries {
      let found = try XCTUnwrap(library.find(query), query)
      XCTAssertEqual(found, try inMemory(library, query), query)
    }
    XCTAssertFalse(try XCTUnwrap(library.find("dome")).isEmpty)
    XCTAssertNil(try library.find(" ,, "), "no word: answered from memory")
  }

  func testWritesKeepTheIndexUpToDate() throws {
    let library = makeLibrary()
    XCTAssertEqual(try library.count(), 240)
    let store = try ShowStore(path: storeURL.path)
    var renamed = try XCTUnwrap(try store.show(id: 1))
    XCTAssertEqual(renamed.name, "Under the Dome")
    renamed = try JSONDecoder().decode(
      Show.self,
      from: Data(
        String(decoding: try ShowStore.encode(renamed), as: UTF8.self)
          .replacingOccurrences(of: "Under the Dome", with: "Quokka Parade").utf8))
    try store.upsert(renamed)
    XCTAssertEqual(try XCTUnwrap(library.find("quokka")).map(\.row.id), [1])
    XCTAssertEqual(try XCTUnwrap(library.find("dome")), try inMemory(library, "dome"))
    XCTAssertFalse(try XCTUnwrap(library.find("dome")).contains { $0.row.id == 1 })
    // A word no show holds any more leaves the vocabulary.
    let database = try SQLiteDatabase(path: storeURL.path)
    XCTAssertNil(
      try database.statement("SELECT id FROM show_words WHERE word = ?1").firstRow(
        [.blob(Data("under".utf8))]
      ) { $0.int(0) })
    try store.deleteAll()
    XCTAssertEqual(try library.find("quokka"), [])
  }

  /// A show changed behind the index's back (another program, a later version's write) is
  /// never answered from the stale index: the caller answers from the rows, until the next
  /// write of the store indexes it.
  func testAShowWrittenBehindTheIndexIsNeverAnsweredFromIt() throws {
    let library = makeLibrary()
    XCTAssertNotNil(try library.find("dome"))
    let database = try SQLiteDatabase(path: storeURL.path)
    try database.execute("UPDATE shows SET name = 'Wombat Hour' WHERE id = 1")
    XCTAssertNil(try library.find("wombat"))
    XCTAssertNil(try library.find("dome"))
    try database.execute("DELETE FROM shows WHERE id = 2")
    XCTAssertNil(try library.find("dome"))
    let store = try ShowStore(path: storeURL.path)
    try store.words.indexPending()
    XCTAssertEqual(try XCTUnwrap(library.find("wombat")).map(\.row.id), [1])
    XCTAssertEqual(try XCTUnwrap(library.find("the")), try inMemory(library, "the"))
  }

  /// A store of schema 4 (before the word index) has every show indexed when it is opened.
  func testASchemaFourStoreIsIndexedOnOpen() throws {
    _ = try makeLibrary().count()
    do {
      let database = try SQLiteDatabase(path: storeURL.path)
      try database.execute(
        """
        DROP TRIGGER show_words_insert; DROP TRIGGER show_words_update;
        DROP TRIGGER show_words_delete; DROP TABLE show_words; DROP TABLE show_postings;
        DROP TABLE show_words_pending; DROP TABLE migrations;
        \(Self.episodesBeforeRows)
        """)
      try database.setUserVersion(4)
    }
    let library = makeLibrary()
    XCTAssertEqual(try XCTUnwrap(library.find("dome")), try inMemory(library, "dome"))
    XCTAssertEqual(
      try SQLiteDatabase(path: storeURL.path).userVersion(), ShowStoreSchema.version)
  }
}

extension ShowWordIndexTests {
  /// The episodes as stores before `episode-rows` kept them: one JSON list per show.
  fileprivate static let episodesBeforeRows = """
    DROP TABLE episode_lists; DROP TABLE episode_rows;
    CREATE TABLE episodes(show_id INTEGER PRIMARY KEY, updated INTEGER, json BLOB NOT NULL);
    """

  /// The name, rating and folded-name key of every posting of show `id` (schema 6).
  private func postings(of id: Int) throws -> Set<String> {
    let database = try SQLiteDatabase(path: storeURL.path)
    let rows = try database.statement(
      "SELECT name, ifnull(rating, '-'), CAST(key AS TEXT) FROM show_postings WHERE show = ?1"
    ).rows([.int(id)]) { row -> String in "\(row.text(0)) \(row.text(1)) \(row.text(2))" }
    return Set(rows)
  }

  /// Turns a store made by this code back into one of schema 5: postings of word and show
  /// only, no index of the scanned words, a new rating not reindexing a show.
  private func makeSchemaFiveStore() throws {
    _ = try makeLibrary().count()
    let database = try SQLiteDatabase(path: storeURL.path)
    try database.execute(
      """
      DROP TRIGGER show_words_update; DROP INDEX show_words_scanned;
      CREATE TABLE old_postings AS SELECT word, show FROM show_postings;
      DROP TABLE show_postings;
      CREATE TABLE show_postings(
        word INTEGER NOT NULL, show INTEGER NOT NULL, PRIMARY KEY(word, show)) WITHOUT ROWID;
      CREATE INDEX show_postings_show ON show_postings(show);
      INSERT INTO show_postings SELECT word, show FROM old_postings;
      DROP TABLE old_postings; DROP TABLE migrations;
      \(Self.episodesBeforeRows)
      CREATE TRIGGER show_words_update AFTER UPDATE OF id, name, genres ON shows BEGIN
        INSERT INTO show_words_pending(show) SELECT new.id
        WHERE NOT EXISTS (SELECT 1 FROM show_words_pending WHERE show = new.id);
        INSERT INTO show_words_pending(show) SELECT old.id
        WHERE NOT EXISTS (SELECT 1 FROM show_words_pending WHERE show = old.id);
      END;
      """)
    try database.setUserVersion(5)
  }

  /// A schema 5 store (postings without the shows' rows) is indexed again when it is opened:
  /// find answers as before, and every posting carries its show's row.
  func testASchemaFiveStoreIsIndexedAgainOnOpen() throws {
    try makeSchemaFiveStore()
    let library = makeLibrary()
    for query in Self.queries {
      XCTAssertEqual(try XCTUnwrap(library.find(query), query), try inMemory(library, query), query)
    }
    XCTAssertEqual(
      try SQLiteDatabase(path: storeURL.path).userVersion(), ShowStoreSchema.version)
    XCTAssertEqual(try postings(of: 1), ["Under the Dome 6.5 under the dome"])
    XCTAssertEqual(library.takeWarnings(), [])
  }

  /// A schema 5 store whose postings are damaged is set aside and built again: find answers
  /// right, and the warning names the file moved aside.
  func testADamagedSchemaFiveStoreIsSetAsideAndRebuilt() throws {
    try makeSchemaFiveStore()
    let (page, size) = try {
      let database = try SQLiteDatabase(path: storeURL.path)
      return (
        try XCTUnwrap(
          try database.scalarInt("SELECT rootpage FROM sqlite_schema WHERE name = 'show_postings'")),
        try XCTUnwrap(try database.scalarInt("PRAGMA page_size"))
      )
    }()
    let file = try FileHandle(forWritingTo: storeURL)
    try file.seek(toOffset: UInt64((page - 1) * size))
    try file.write(contentsOf: Data(repeating: 0xFF, count: size))
    try file.close()
    let library = makeLibrary()
    XCTAssertEqual(try XCTUnwrap(library.find("dome")), try inMemory(library, "dome"))
    XCTAssertEqual(try XCTUnwrap(library.find("the")), try inMemory(library, "the"))
    let warnings = library.takeWarnings()
    XCTAssertEqual(warnings.count, 1, "\(warnings)")
    XCTAssertTrue(warnings.first?.contains("moved to \(storeURL.path).damaged") == true)
    XCTAssertEqual(try postings(of: 1), ["Under the Dome 6.5 under the dome"])
  }

  /// Each posting carries its show's name, rating and folded name, and follows every write of
  /// them: a new name moves the show in find's order, a new rating is what find shows, and
  /// one written behind the index's back is never answered from it.
  func testThePostingsFollowEveryNameAndRating() throws {
    let library = makeLibrary()
    let before = try XCTUnwrap(library.find("the"))
    XCTAssertNotEqual(before.first?.row.id, 1)
    let store = try ShowStore(path: storeURL.path)
    let show = try JSONDecoder().decode(
      Show.self,
      from: Data(
        String(decoding: try ShowStore.encode(try XCTUnwrap(try store.show(id: 1))), as: UTF8.self)
          .replacingOccurrences(of: "Under the Dome", with: "Aardvark: The Dome")
          .replacingOccurrences(of: "\"average\":6.5", with: "\"average\":9.9").utf8))
    XCTAssertEqual(show.rating?.average, 9.9)
    try store.upsert(show)
    let after = try XCTUnwrap(library.find("the"))
    XCTAssertEqual(after, try inMemory(library, "the"))
    XCTAssertEqual(
      after.first?.row,
      ShowRow(
        id: 1, name: "Aardvark: The Dome", rating: 9.9, genres: "Drama, Science-Fiction, Thriller"))
    XCTAssertEqual(try postings(of: 1), ["Aardvark: The Dome 9.9 aardvark: the dome"])

    let database = try SQLiteDatabase(path: storeURL.path)
    try database.execute("UPDATE shows SET rating = 1.5 WHERE id = 1")
    XCTAssertNil(try library.find("the"), "a rating written behind its back: from memory")
    try store.words.indexPending()
    XCTAssertEqual(try XCTUnwrap(library.find("dome")).first?.row.rating, 1.5)
  }
}

/// A transport for a client that is never asked anything.
struct UnusedTransport: HTTPTransport {
  func get(_ url: URL, timeout: TimeInterval) throws -> HTTPResponse {
    XCTFail("the network was asked for \(url)")
    throw URLError(.notConnectedToInternet)
  }
}

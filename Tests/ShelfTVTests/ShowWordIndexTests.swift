import Foundation
import ShelfCatalog
import ShelfTestSupport
import XCTest

@testable import ShelfTV

/// `find`'s word index in the show store (schema 5): the distinct words of every show's name
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
    try store.indexPendingWords()
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
        DROP TABLE show_words_pending;
        """)
      try database.setUserVersion(4)
    }
    let library = makeLibrary()
    XCTAssertEqual(try XCTUnwrap(library.find("dome")), try inMemory(library, "dome"))
    XCTAssertEqual(try SQLiteDatabase(path: storeURL.path).userVersion(), 5)
  }
}

/// A transport for a client that is never asked anything.
private struct UnusedTransport: HTTPTransport {
  func get(_ url: URL, timeout: TimeInterval) throws -> HTTPResponse {
    XCTFail("the network was asked for \(url)")
    throw URLError(.notConnectedToInternet)
  }
}

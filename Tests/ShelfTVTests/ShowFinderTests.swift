import Foundation
import ShelfDomain
import ShelfSearch
import ShelfStorage
import ShelfTestSupport
import XCTest

@testable import ShelfTV

/// `find` in /shows within a session (`ShowFinder`): the first find of a version of the list
/// from the store's word index, later ones from an index of every show, which is kept in the
/// cache beside the store for the next session and used only while it was made from the
/// store as it is. Every answer is the one the index made from the store's rows gives.
final class ShowFinderTests: TemporaryDirectoryTestCase {
  private var cacheURL: URL { temporary.url.appendingPathComponent("cache/shelf") }
  private var storeURL: URL { cacheURL.appendingPathComponent("shows.sqlite") }
  private var indexURL: URL { ShowFindIndexFile(storeURL: storeURL).file.url }

  private func makeLibrary() -> ShowLibrary {
    ShowLibrary(
      storeURL: storeURL, snapshotURL: Fixture.url(Fixture.showsPage0),
      client: TVMazeClient(
        baseURL: URL(string: "http://127.0.0.1:9")!, transport: UnusedTransport(), timeout: 1))
  }

  /// A session's finder; the store is filled from the snapshot first and closed, as a process
  /// that ended leaves it.
  private func makeFinder() throws -> (ShowLibrary, ShowFinder) {
    let library = makeLibrary()
    return (library, ShowFinder(shows: library, indexSettleTime: 0))
  }

  private func fillStore() throws {
    XCTAssertEqual(try makeLibrary().count(), 240)
  }

  /// What the index made from the store's rows answers.
  private func fromRows(_ library: ShowLibrary, _ text: String) throws -> [ShowMatch] {
    var rows: [ShowRow] = []
    try library.forEachRow { rows.append($0) }
    return ShowSearch(rows: rows).find(text)
  }

  private static let queries = [
    "the", "dome", "dom", "ome", "drama", "comedy crime", "sciense", "dramma thriller",
    "2", "under the", "ÉTÉ", "zzzz", "",
  ]

  private func inode(_ url: URL) throws -> Int {
    try XCTUnwrap(
      FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int)
  }

  func testEveryFindOfASessionAnswersAsTheIndexOfTheRows() throws {
    try fillStore()
    let (library, finder) = try makeFinder()
    for query in Self.queries {
      XCTAssertEqual(try finder.find(query), try fromRows(library, query), query)
    }
    XCTAssertFalse(try finder.find("dome").isEmpty)
  }

  func testASecondSessionReadsTheIndexTheFirstKept() throws {
    try fillStore()
    var answers: [[ShowMatch]] = []
    do {
      let (_, finder) = try makeFinder()
      XCTAssertFalse(FileManager.default.fileExists(atPath: indexURL.path))
      for query in Self.queries { answers.append(try finder.find(query)) }
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: indexURL.path))
    let kept = try inode(indexURL)
    let (library, finder) = try makeFinder()
    for (query, answer) in zip(Self.queries, answers) {
      XCTAssertEqual(try finder.find(query), answer, query)
      XCTAssertEqual(answer, try fromRows(library, query), query)
    }
    XCTAssertEqual(try inode(indexURL), kept, "read, not made again")
  }

  func testAFindAfterTheStoreChangesGivesTheNewRows() throws {
    try fillStore()
    let (library, finder) = try makeFinder()
    XCTAssertEqual(try finder.find("dome").map(\.row.id), [1])
    XCTAssertEqual(try finder.find("dome").map(\.row.id), [1])
    // Another process renames the show while this session is open.
    let store = try ShowStore(path: storeURL.path)
    var renamed = try XCTUnwrap(try store.show(id: 1))
    renamed.name = "Quokka Parade"
    try store.upsert(renamed)
    for _ in 0..<2 {
      XCTAssertEqual(try finder.find("quokka").map(\.row.name), ["Quokka Parade"])
      XCTAssertEqual(try finder.find("dome"), [])
    }
    // A later session while this one is open: the kept index is of another version.
    XCTAssertEqual(try library.count(), 240)
    let (_, later) = try makeFinder()
    for _ in 0..<2 {
      XCTAssertEqual(try later.find("quokka").map(\.row.id), [1])
      XCTAssertEqual(try later.find("dome"), [])
    }
  }

  func testAStoreChangedBetweenSessionsIsIndexedAgain() throws {
    try fillStore()
    do {
      let (_, finder) = try makeFinder()
      _ = try finder.find("dome")
      _ = try finder.find("dome")
    }
    let kept = try inode(indexURL)
    do {
      let store = try ShowStore(path: storeURL.path)
      var renamed = try XCTUnwrap(try store.show(id: 1))
      renamed.name = "Quokka Parade"
      try store.upsert(renamed)
    }
    let (_, finder) = try makeFinder()
    XCTAssertEqual(try finder.find("quokka").map(\.row.id), [1])
    XCTAssertEqual(try finder.find("quokka").map(\.row.id), [1])
    XCTAssertEqual(try finder.find("dome"), [])
    XCTAssertNotEqual(try inode(indexURL), kept, "made again for the store as it is")
  }

  func testDeletingTheCacheMidSessionStillFinds() throws {
    try fillStore()
    let (library, finder) = try makeFinder()
    let before = try Self.queries.map { try finder.find($0) }
    _ = try finder.find("drama")
    try FileManager.default.removeItem(at: indexURL)
    XCTAssertEqual(try Self.queries.map { try finder.find($0) }, before)
    // The whole cache directory, store and all.
    try FileManager.default.removeItem(at: cacheURL)
    XCTAssertEqual(try Self.queries.map { try finder.find($0) }, before)
    XCTAssertEqual(try library.count(), 240)
    // The next sessions make the store and the index file again.
    try fillStore()
    let (_, next) = try makeFinder()
    XCTAssertEqual(try Self.queries.map { try next.find($0) }, before)
    XCTAssertTrue(FileManager.default.fileExists(atPath: indexURL.path))
  }

  func testADamagedIndexFileIsNotUsed() throws {
    try fillStore()
    let answers: [[ShowMatch]]
    do {
      let (_, finder) = try makeFinder()
      answers = try Self.queries.map { try finder.find($0) }
    }
    // A byte of the ids' section (the third block of sections) changed: its block fails its
    // checksum.
    let handle = try FileHandle(forUpdating: indexURL)
    try handle.seek(toOffset: 4096 * 3 + 10)
    let byte = try XCTUnwrap(handle.readData(ofLength: 1).first)
    try handle.seek(toOffset: 4096 * 3 + 10)
    handle.write(Data([byte ^ 0x55]))
    try handle.close()
    let (_, finder) = try makeFinder()
    XCTAssertEqual(try Self.queries.map { try finder.find($0) }, answers)
  }
}

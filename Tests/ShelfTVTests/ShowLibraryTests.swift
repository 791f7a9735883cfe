import Foundation
import ShelfCatalog
import ShelfTestSupport
import XCTest
import shelf_fetch

@testable import ShelfTV

final class ShowLibraryTests: ServerTestCase {
  private var localCopy: URL { temporary.file("data/shows.json") }

  private func makeLibrary(snapshot: URL = Fixture.url(Fixture.showsPage0)) -> ShowLibrary {
    ShowLibrary(snapshotURL: snapshot, localCopyURL: localCopy, client: makeClient())
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

  /// The files in the local copy's directory, to check that no temporary file is left over.
  private func dataFiles() -> [String] {
    let names = try? FileManager.default.contentsOfDirectory(
      atPath: localCopy.deletingLastPathComponent().path)
    return (names ?? []).sorted()
  }

  // MARK: - Reading

  func testShowsComeFromTheSnapshotUntilARefresh() throws {
    let library = makeLibrary()
    XCTAssertTrue(library.isFromSnapshot)
    XCTAssertEqual(try library.shows().count, 240)
    XCTAssertEqual(try library.show(id: 1)?.name, "Under the Dome")
    XCTAssertNil(try library.show(id: 17))
    XCTAssertTrue(library.isFromSnapshot)
    XCTAssertEqual(library.takeWarnings(), [])
    XCTAssertEqual(server.targets, [], "reading the list never calls the network")
  }

  func testCorruptLocalCopyFallsBackToTheSnapshotWithAWarning() throws {
    try FileManager.default.createDirectory(
      at: localCopy.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("[{\"id\": 1, \"name\": \"Trunc".utf8).write(to: localCopy)
    let library = makeLibrary()
    XCTAssertEqual(try library.shows().count, 240)
    XCTAssertTrue(library.isFromSnapshot)
    let warnings = library.takeWarnings()
    XCTAssertEqual(warnings.count, 1)
    XCTAssertTrue(warnings[0].contains(localCopy.path), warnings[0])
    XCTAssertEqual(library.takeWarnings(), [], "warnings are taken once")
  }

  func testMissingSnapshotIsAnUnreadableError() {
    let library = makeLibrary(snapshot: temporary.file("missing.json"))
    XCTAssertThrowsError(try library.shows()) { error in
      XCTAssertEqual((error as? TVCacheError)?.kind, .unreadable)
      XCTAssertEqual((error as? TVCacheError)?.isFetchFailure, false)
      XCTAssertEqual(
        (error as? TVCacheError)?.description,
        "cannot read \(self.temporary.file("missing.json").path): No such file or directory")
    }
  }

  // MARK: - refresh

  func testRefreshWritesTheLocalCopy() throws {
    try server.route("/shows?page=0", file: Fixture.url(Fixture.showsPage1))
    let library = makeLibrary()
    XCTAssertEqual(try library.shows().count, 240)
    XCTAssertEqual(try library.refresh(), 245)
    XCTAssertFalse(library.isFromSnapshot)
    XCTAssertEqual(try library.shows().count, 245)
    XCTAssertEqual(try library.show(id: 250)?.id, 250)
    XCTAssertEqual(dataFiles(), ["shows.json"])
    // A new library (a new session) reads the local copy, not the snapshot.
    let next = makeLibrary()
    XCTAssertFalse(next.isFromSnapshot)
    XCTAssertEqual(try next.shows(), try library.shows())
  }

  func testFailedRefreshLeavesTheLocalCopyUnchanged() throws {
    try server.route("/shows?page=0", file: Fixture.url(Fixture.showsPage1))
    let library = makeLibrary()
    try library.refresh()
    let before = try Data(contentsOf: localCopy)

    server.route("/shows?page=0", always: .status(500))
    XCTAssertEqual(tvMazeError { try library.refresh() }?.kind, .httpStatus(500))
    let full = try Fixture.data(Fixture.showsPage0)
    server.route("/shows?page=0", always: .json(full.prefix(1000)))
    XCTAssertEqual(tvMazeError { try library.refresh() }?.kind, .badResponse)

    XCTAssertEqual(try Data(contentsOf: localCopy), before)
    XCTAssertEqual(try library.shows().count, 245)
    XCTAssertEqual(try makeLibrary().shows().count, 245)
    XCTAssertEqual(dataFiles(), ["shows.json"])
  }

  func testFailedFirstRefreshKeepsTheSnapshot() throws {
    server.route("/shows?page=0", always: .status(500))
    let library = makeLibrary()
    XCTAssertEqual(tvMazeError { try library.refresh() }?.kind, .httpStatus(500))
    XCTAssertTrue(library.isFromSnapshot)
    XCTAssertFalse(FileManager.default.fileExists(atPath: localCopy.path))
  }

  // MARK: - refreshAll

  func testRefreshAllWalksThePagesUntil404() throws {
    try servePages()
    let library = makeLibrary()
    var progress: [[Int]] = []
    XCTAssertEqual(try library.refreshAll { page, total in progress.append([page, total]) }, 485)
    XCTAssertEqual(progress, [[0, 240], [1, 485]])
    XCTAssertEqual(server.targets, ["/shows?page=0", "/shows?page=1", "/shows?page=2"])
    XCTAssertEqual(dataFiles(), ["shows.json"], "the partial file is removed")
    let stored = try ShowList.load(from: localCopy)
    XCTAssertEqual(stored.count, 485)
    XCTAssertEqual(stored.map(\.id), stored.map(\.id).sorted())
    XCTAssertEqual(try library.shows(), stored)
    XCTAssertFalse(library.isFromSnapshot)
  }

  func testRefreshAllResumesAfterAFailureMidWay() throws {
    let page1 = try Fixture.data(Fixture.showsPage1)
    try servePages(page1: { n in n == 1 ? .status(500) : .json(page1) })
    let library = makeLibrary()

    var progress: [[Int]] = []
    XCTAssertEqual(
      tvMazeError { try library.refreshAll { progress.append([$0, $1]) } }?.kind,
      .httpStatus(500))
    XCTAssertEqual(progress, [[0, 240]])
    XCTAssertFalse(FileManager.default.fileExists(atPath: localCopy.path), "no local copy yet")
    XCTAssertTrue(FileManager.default.fileExists(atPath: library.partialURL.path))
    XCTAssertTrue(library.isFromSnapshot)
    XCTAssertEqual(try library.shows().count, 240)

    // The next run (here: a new session) continues from page 1.
    let resumed = makeLibrary()
    progress = []
    XCTAssertEqual(try resumed.refreshAll { progress.append([$0, $1]) }, 485)
    XCTAssertEqual(progress, [[1, 485]])
    XCTAssertEqual(server.requestCount("/shows?page=0"), 1)
    XCTAssertEqual(server.requestCount("/shows?page=1"), 2)
    XCTAssertEqual(dataFiles(), ["shows.json"])
    XCTAssertEqual(try ShowList.load(from: localCopy).count, 485)
  }

  func testRefreshAllResumesAfterACrashInTheMiddleOfSavingAPage() throws {
    let page1 = try Fixture.data(Fixture.showsPage1)
    try servePages(page1: { n in n == 1 ? .status(500) : .json(page1) })
    XCTAssertNotNil(tvMazeError { try makeLibrary().refreshAll() })
    // A torn last line, as a crash during the append of page 1 would leave it.
    let partial = makeLibrary().partialURL
    let handle = try FileHandle(forWritingTo: partial)
    handle.seekToEndOfFile()
    handle.write(Data(#"{"page":1,"shows":[{"id":250,"na"#.utf8))
    handle.closeFile()

    let resumed = makeLibrary()
    XCTAssertEqual(try resumed.refreshAll(), 485)
    XCTAssertEqual(resumed.takeWarnings(), [])
    XCTAssertEqual(server.requestCount("/shows?page=0"), 1)
    XCTAssertEqual(server.requestCount("/shows?page=1"), 2)
    XCTAssertEqual(dataFiles(), ["shows.json"])
  }

  func testPartialRefreshFromAnotherServerIsNotResumed() throws {
    let page1 = try Fixture.data(Fixture.showsPage1)
    try servePages(page1: { n in n == 1 ? .status(500) : .json(page1) })
    XCTAssertNotNil(tvMazeError { try makeLibrary().refreshAll() })

    let other = try TestHTTPServer()
    defer { other.stop() }
    try other.route("/shows?page=0", file: Fixture.url(Fixture.showsPage1))
    let library = ShowLibrary(
      snapshotURL: Fixture.url(Fixture.showsPage0), localCopyURL: localCopy,
      client: TVMazeClient(baseURL: other.baseURL, transport: URLSessionTransport(), timeout: 5))
    XCTAssertEqual(try library.refreshAll(), 245)
    XCTAssertEqual(other.targets, ["/shows?page=0", "/shows?page=1"])
    XCTAssertEqual(try library.show(id: 1), nil, "page 0 of the first server is not merged")
  }

  func testFailedRefreshAllLeavesAnExistingLocalCopyUnchanged() throws {
    try server.route("/shows?page=0", file: Fixture.url(Fixture.showsPage1))
    let library = makeLibrary()
    try library.refresh()
    let before = try Data(contentsOf: localCopy)

    server.route("/shows?page=0", always: .status(500))
    XCTAssertEqual(tvMazeError { try library.refreshAll() }?.kind, .httpStatus(500))
    XCTAssertEqual(try Data(contentsOf: localCopy), before)
    XCTAssertEqual(try library.shows().count, 245)
  }

  func testCorruptPartialFileStartsOver() throws {
    try servePages()
    let library = makeLibrary()
    try FileManager.default.createDirectory(
      at: localCopy.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{\"nextPage\": ".utf8).write(to: library.partialURL)
    XCTAssertEqual(try library.refreshAll(), 485)
    XCTAssertEqual(server.requestCount("/shows?page=0"), 1)
    XCTAssertEqual(library.takeWarnings().count, 1)
  }
}

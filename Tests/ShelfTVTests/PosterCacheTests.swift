import Foundation
import ShelfTestSupport
import XCTest

@testable import ShelfTV

final class PosterCacheTests: ServerTestCase {
  private let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0xFF, 0xD9])

  private func makeCache() -> PosterCache {
    PosterCache(directory: temporary.file("posters"), client: makeClient(timeout: 2))
  }

  private func posterURL(_ name: String = "1.jpg") -> String {
    server.baseURL.absoluteString + "/uploads/images/medium_portrait/0/\(name)"
  }

  func testPosterIsDownloadedOnceThenServedFromTheCacheOffline() throws {
    let target = "/uploads/images/medium_portrait/0/1.jpg"
    server.route(
      target, always: .init(status: 200, headers: ["Content-Type": "image/jpeg"], body: jpeg))
    let cache = makeCache()
    let url = posterURL()
    XCTAssertNil(cache.cachedFile(for: url))

    let file = try cache.poster(for: url)
    XCTAssertEqual(try Data(contentsOf: file), jpeg)
    XCTAssertEqual(file.pathExtension, "jpg")
    XCTAssertEqual(file.deletingLastPathComponent().path, temporary.file("posters").path)
    XCTAssertEqual(try cache.poster(for: url), file)
    XCTAssertEqual(server.requestCount(target), 1, "downloaded once")

    server.stop()
    XCTAssertEqual(try cache.poster(for: url), file, "served from the cache offline")
    XCTAssertEqual(makeCache().cachedFile(for: url), file, "and by a new session")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: temporary.file("posters").path),
      [file.lastPathComponent], "no temporary file left over")
  }

  func testUncachedPosterOfflineIsAFetchFailure() throws {
    let cache = makeCache()
    let url = posterURL()
    server.stop()
    let error = tvMazeError { try cache.poster(for: url) }
    XCTAssertEqual(error?.kind, .noConnection)
    XCTAssertNil(cache.cachedFile(for: url))
  }

  func testFailedDownloadCachesNothing() throws {
    server.route("/uploads/images/medium_portrait/0/1.jpg", always: .status(500))
    let cache = makeCache()
    XCTAssertEqual(tvMazeError { try cache.poster(for: posterURL()) }?.kind, .httpStatus(500))
    XCTAssertNil(cache.cachedFile(for: posterURL()))
  }

  func testOnlyHTTPURLsAreAccepted() {
    let cache = makeCache()
    for url in ["file:///etc/passwd", "ftp://example.com/a.jpg", "/tmp/a.jpg", "not a url", ""] {
      XCTAssertThrowsError(try cache.poster(for: url), url) { error in
        XCTAssertEqual(error as? TVCacheError, TVCacheError(kind: .unsupportedURL, path: url))
      }
      XCTAssertNil(cache.cachedFile(for: url))
    }
    XCTAssertEqual(server.targets, [])
  }

  func testFileNameIsAStableHashPlusTheExtension() {
    XCTAssertEqual(PosterCache.fnv1a64(""), 0xcbf2_9ce4_8422_2325)
    XCTAssertEqual(PosterCache.fnv1a64("a"), 0xaf63_dc4c_8601_ec8c)
    XCTAssertEqual(PosterCache.fnv1a64("foobar"), 0x8594_4171_f739_67e8)
    let url = "https://static.tvmaze.com/uploads/images/medium_portrait/81/202627.jpg"
    let name = PosterCache.fileName(for: url)
    XCTAssertEqual(name, String(PosterCache.fnv1a64(url), radix: 16) + ".jpg")
    XCTAssertEqual(PosterCache.fileName(for: url), name)
    XCTAssertEqual(PosterCache.fileName(for: "https://example.com/a.PNG?x=1").suffix(4), ".png")
    XCTAssertEqual(PosterCache.fileName(for: "https://example.com/poster").count, 16)
    XCTAssertEqual(PosterCache.fileName(for: "https://example.com/a.jp%20g").count, 16)
    XCTAssertEqual(PosterCache.fileName(for: "a").prefix(16), "af63dc4c8601ec8c")
  }

  // MARK: - Validation, capacity, batches

  func testABodyThatIsNotAnImageIsNotCached() throws {
    let target = "/uploads/images/medium_portrait/0/1.jpg"
    server.route(target, always: .init(status: 200, body: Data("<html>oops</html>".utf8)))
    let cache = PosterCache(
      directory: temporary.file("posters"), client: makeClient(timeout: 2),
      validator: { [jpeg] in $0.starts(with: jpeg.prefix(2)) })
    XCTAssertThrowsError(try cache.poster(for: posterURL())) { error in
      XCTAssertEqual((error as? TVMazeError)?.kind, .badResponse)
    }
    XCTAssertNil(cache.cachedFile(for: posterURL()), "not cached")
    server.route(target, always: .init(status: 200, body: jpeg))
    XCTAssertNotNil(try cache.poster(for: posterURL()), "a good image is fetched on the next try")
    XCTAssertEqual(server.requestCount(target), 2)
  }

  func testTheCacheEvictsTheLeastRecentlyUsedBeyondItsCapacity() throws {
    let body = jpeg + Data(repeating: 0, count: 88)  // 100 bytes
    for name in ["a.jpg", "b.jpg", "c.jpg"] {
      server.route(
        "/uploads/images/medium_portrait/0/\(name)", always: .init(status: 200, body: body))
    }
    let cache = PosterCache(
      directory: temporary.file("posters"), client: makeClient(timeout: 2), capacity: 250)
    let a = try cache.poster(for: posterURL("a.jpg"))
    let b = try cache.poster(for: posterURL("b.jpg"))
    let manager = FileManager.default
    try manager.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -100)], ofItemAtPath: a.path)
    try manager.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -50)], ofItemAtPath: b.path)
    XCTAssertEqual(cache.cachedFile(for: posterURL("a.jpg")), a, "a is used: it becomes the newest")
    let c = try cache.poster(for: posterURL("c.jpg"))
    let left = Set(try manager.contentsOfDirectory(atPath: temporary.file("posters").path))
    XCTAssertEqual(
      left, [a.lastPathComponent, c.lastPathComponent], "b, least recently used, went")
  }

  func testABatchDownloadsFourAtATimeAndReportsProgress() throws {
    let names = (1...10).map { "\($0).jpg" }
    for name in names {
      server.route(
        "/uploads/images/medium_portrait/0/\(name)",
        always: .init(status: 200, body: jpeg, delay: 0.2))
    }
    server.route("/uploads/images/medium_portrait/0/bad.jpg", always: .status(500))
    let cache = makeCache()
    var reports: [String] = []
    let urls = names.map { posterURL($0) } + [posterURL("bad.jpg"), posterURL("1.jpg")]
    try cache.download(urls) { done, total in reports.append("\(done)/\(total)") }
    XCTAssertEqual(reports.first, "0/11", "shown before the first poster arrives")
    XCTAssertEqual(reports.last, "11/11", "every distinct poster counted, the failed one too")
    let counts = reports.compactMap { Int($0.prefix { $0 != "/" }) }
    XCTAssertEqual(counts, counts.sorted(), "counting up")
    XCTAssertEqual(server.mostConcurrentRequests, 4, "four at a time")
    for name in names { XCTAssertNotNil(cache.cachedFile(for: posterURL(name)), name) }
    XCTAssertNil(cache.cachedFile(for: posterURL("bad.jpg")))
  }

  /// A poster host that does not answer in time is given up after its first timeouts: the
  /// rest of its posters are counted as done (drawn as their URLs) without a request each.
  func testABatchStopsAskingAHostThatTimedOut() throws {
    let names = (1...12).map { "\($0).jpg" }
    for name in names {
      server.route(
        "/uploads/images/medium_portrait/0/\(name)",
        always: .init(status: 200, body: jpeg, delay: 3))
    }
    let cache = PosterCache(
      directory: temporary.file("posters"), client: makeClient(timeout: 0.3))
    var reports: [String] = []
    try cache.download(names.map { posterURL($0) }) { done, total in
      reports.append("\(done)/\(total)")
    }
    XCTAssertEqual(reports.last, "12/12")
    let asked = names.map { server.requestCount("/uploads/images/medium_portrait/0/\($0)") }
    XCTAssertLessThanOrEqual(asked.reduce(0, +), 4, "one request per worker at most: \(asked)")
    for name in names { XCTAssertNil(cache.cachedFile(for: posterURL(name))) }
  }
}

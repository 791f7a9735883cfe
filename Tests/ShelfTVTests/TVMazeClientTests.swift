import Foundation
import ShelfHTTP
import ShelfTestSupport
import XCTest

@testable import ShelfTV

final class TVMazeClientTests: ServerTestCase {
  // MARK: - Decoding real captures

  func testShowsPage0Decodes240Shows() throws {
    try server.route("/shows?page=0", file: Fixture.url(Fixture.showsPage0))
    let shows = try XCTUnwrap(try makeClient().showsPage(0))
    XCTAssertEqual(shows.count, 240)
    XCTAssertEqual(shows.first?.id, 1)
    XCTAssertEqual(shows.first?.name, "Under the Dome")
    XCTAssertEqual(shows.first?.imdbID, "tt1553656")
    XCTAssertEqual(shows.last?.id, 249)
    XCTAssertNil(shows.last?.externals?.imdb)
    XCTAssertNil(shows.last?.imdbURL)
    XCTAssertEqual(shows.filter { $0.network == nil }.count, 10)
    XCTAssertTrue(shows.filter { $0.network == nil }.allSatisfy { $0.webChannel != nil })
  }

  func testShowsPage1From2016Decodes245ShowsWithNullsAsNil() throws {
    try server.route("/shows?page=1", file: Fixture.url(Fixture.showsPage1))
    let shows = try XCTUnwrap(try makeClient().showsPage(1))
    XCTAssertEqual(shows.count, 245)
    XCTAssertEqual(shows.first?.id, 250)
    XCTAssertEqual(shows.last?.id, 499)
    // The 2016 format: nulls and missing fields decode as nil.
    XCTAssertEqual(shows.filter { $0.externals?.imdb == nil }.count, 8)
    XCTAssertEqual(shows.filter { $0.network == nil }.count, 12)
    XCTAssertTrue(shows.contains { $0.rating?.average == nil })
    XCTAssertTrue(shows.allSatisfy { $0.officialSite == nil })
    XCTAssertTrue(shows.allSatisfy { $0.averageRuntime == nil && $0.ended == nil })
    XCTAssertTrue(shows.allSatisfy { $0.image?.medium?.hasPrefix("http://") ?? true })
  }

  func testShowsPagePastTheEndIsNil() throws {
    server.route("/shows?page=99", always: .status(404))
    XCTAssertNil(try makeClient().showsPage(99))
    XCTAssertEqual(server.requestCount("/shows?page=99"), 1)
  }

  func testSearchShowsDecodesResults() throws {
    try server.route("/search/shows?q=girls", file: Fixture.url(Fixture.searchGirls))
    let results = try makeClient().searchShows("girls")
    XCTAssertEqual(results.count, 10)
    XCTAssertEqual(results.first?.show.name, "Girls")
    XCTAssertNotNil(results.first?.score)
    XCTAssertNil(results.first { $0.show.id == 40463 }?.show.image)
    XCTAssertEqual(results.filter { $0.show.externals?.imdb == nil }.count, 3)
  }

  func testSearchShowsPercentEncodesTheQuery() throws {
    try server.route(
      "/search/shows?q=snow%20%26%20ice%2B1%2F%C3%A4%3F%23%3D",
      file: Fixture.url(Fixture.searchSnow))
    let results = try makeClient().searchShows("snow & ice+1/ä?#=")
    XCTAssertEqual(results.count, 10)
    XCTAssertEqual(server.targets, ["/search/shows?q=snow%20%26%20ice%2B1%2F%C3%A4%3F%23%3D"])
  }

  func testShowByID() throws {
    try server.route("/shows/1", file: Fixture.url(Fixture.show1))
    let show = try makeClient().show(id: 1)
    XCTAssertEqual(show.id, 1)
    XCTAssertEqual(show.name, "Under the Dome")
    XCTAssertEqual(show.imdbURL, "https://www.imdb.com/title/tt1553656")
  }

  func testDownloadReturnsTheBody() throws {
    let bytes = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])
    server.route("/image.jpg", always: .init(status: 200, body: bytes))
    let url = server.baseURL.appendingPathComponent("image.jpg")
    XCTAssertEqual(try makeClient().download(url), bytes)
  }

  func testBaseURLPathIsKept() throws {
    try server.route("/api/shows/1", file: Fixture.url(Fixture.show1))
    let client = TVMazeClient(
      baseURL: server.baseURL.appendingPathComponent("api"), transport: URLSessionTransport(),
      timeout: 5)
    XCTAssertEqual(try client.show(id: 1).id, 1)
  }

  // MARK: - Failures

  func testTimeout() throws {
    var slow = TestHTTPServer.Response.json(try Fixture.data(Fixture.show1))
    slow.delay = 10
    server.route("/shows/1", always: slow)
    let start = Date()
    let error = tvMazeError { try makeClient(timeout: 1).show(id: 1) }
    XCTAssertEqual(error?.kind, .timedOut)
    XCTAssertEqual(
      error?.description,
      "TVmaze did not answer within 1 s (\(server.baseURL.absoluteString)/shows/1)")
    XCTAssertLessThan(Date().timeIntervalSince(start), 2.5)
  }

  func testConnectionRefused() throws {
    let port = try TestHTTPServer.unusedPort()
    let client = TVMazeClient(
      baseURL: URL(string: "http://127.0.0.1:\(port)")!, transport: URLSessionTransport(),
      timeout: 2)
    let error = tvMazeError { try client.showsPage(0) }
    XCTAssertEqual(error?.kind, .noConnection)
    XCTAssertEqual(error?.description, "cannot reach TVmaze: connection refused")
    XCTAssertEqual(error?.isFetchFailure, true)
  }

  func testHTTP500() {
    server.route("/shows?page=0", always: .status(500))
    let error = tvMazeError { try makeClient().showsPage(0) }
    XCTAssertEqual(error?.kind, .httpStatus(500))
    XCTAssertEqual(error?.description, "TVmaze answered HTTP 500")
  }

  func testShowNotFoundIsHTTP404() {
    let error = tvMazeError { try makeClient().show(id: 7) }
    XCTAssertEqual(error?.kind, .httpStatus(404))
  }

  func testTruncatedJSONIsBadResponse() throws {
    let full = try Fixture.data(Fixture.showsPage0)
    server.route("/shows?page=0", always: .json(full.prefix(full.count / 2)))
    let error = tvMazeError { try makeClient().showsPage(0) }
    XCTAssertEqual(error?.kind, .badResponse)
    XCTAssertTrue(
      error?.description.hasPrefix("TVmaze sent malformed JSON: ") ?? false,
      error?.description ?? "")
  }

  func testWrongJSONShapeIsBadResponse() {
    server.route("/shows/1", always: .json(Data(#"{"id": "one", "name": 2}"#.utf8)))
    let error = tvMazeError { try makeClient().show(id: 1) }
    XCTAssertEqual(error?.kind, .badResponse)
    XCTAssertEqual(error?.description, "TVmaze sent malformed JSON: expected Int at id")
  }

  // MARK: - Rate limit

  func testRateLimitedOnceWaitsRetryAfterThenSucceeds() throws {
    let body = try Fixture.data(Fixture.show1)
    server.route("/shows/1") { n in
      n == 1 ? .status(429, headers: ["Retry-After": "1"]) : .json(body)
    }
    let start = Date()
    let show = try makeClient().show(id: 1)
    let elapsed = Date().timeIntervalSince(start)
    XCTAssertEqual(show.id, 1)
    XCTAssertEqual(server.requestCount("/shows/1"), 2)
    XCTAssertGreaterThanOrEqual(elapsed, 1.0)
    XCTAssertLessThan(elapsed, 2.5)
  }

  func testRateLimitedTwiceThrowsRateLimited() {
    let fake = FakeClock()
    server.route("/shows?page=0", always: .status(429, headers: ["Retry-After": "1"]))
    let error = tvMazeError { try makeClient(clock: fake.clock).showsPage(0) }
    XCTAssertEqual(error?.kind, .rateLimited(retryAfter: 1))
    XCTAssertEqual(error?.description, "TVmaze rate limit: retry after 1 s")
    XCTAssertEqual(server.requestCount("/shows?page=0"), 2)
    XCTAssertEqual(fake.sleeps, [1])
  }

  func testRetryAfterOver30SecondsIsNotWaitedFor() {
    let fake = FakeClock()
    server.route("/shows?page=0", always: .status(429, headers: ["Retry-After": "120"]))
    let error = tvMazeError { try makeClient(clock: fake.clock).showsPage(0) }
    XCTAssertEqual(error?.kind, .rateLimited(retryAfter: 120))
    XCTAssertEqual(server.requestCount("/shows?page=0"), 1)
    XCTAssertEqual(fake.sleeps, [])
  }

  func testCallsArePacedTo20Per10Seconds() throws {
    let fake = FakeClock()
    try server.route("/shows/1", file: Fixture.url(Fixture.show1))
    let client = makeClient(clock: fake.clock)
    for _ in 0..<20 { _ = try client.show(id: 1) }
    XCTAssertEqual(fake.sleeps, [], "the first 20 calls go at once")
    _ = try client.show(id: 1)
    XCTAssertEqual(fake.sleeps, [10], "the 21st waits until the first is 10 s old")
    XCTAssertEqual(server.requestCount("/shows/1"), 21)
  }

  // MARK: - Configuration

  func testBaseURLFromEnvironment() {
    XCTAssertEqual(
      TVMazeClient.baseURL(environment: [:]).absoluteString, "https://api.tvmaze.com")
    XCTAssertEqual(
      TVMazeClient.baseURL(environment: ["SHELF_TVMAZE_URL": "http://127.0.0.1:8123"])
        .absoluteString, "http://127.0.0.1:8123")
    XCTAssertEqual(
      TVMazeClient.baseURL(environment: ["SHELF_TVMAZE_URL": "not a url"]).absoluteString,
      "https://api.tvmaze.com")
  }

  func testRetryAfterParsing() {
    XCTAssertEqual(TVMazeClient.retryAfter("3"), 3)
    XCTAssertEqual(TVMazeClient.retryAfter(" 0 "), 0)
    XCTAssertNil(TVMazeClient.retryAfter(nil))
    XCTAssertNil(TVMazeClient.retryAfter("soon"))
    let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
    XCTAssertEqual(TVMazeClient.retryAfter("Wed, 21 Oct 2015 07:28:05 GMT", now: now), 5)
  }
}

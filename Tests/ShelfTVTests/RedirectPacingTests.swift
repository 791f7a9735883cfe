import Foundation
import ShelfHTTP
import ShelfTV
import ShelfTestSupport
import XCTest

/// TVmaze answers `/lookup/shows` with a 301 to the show: the request the redirect leads to is
/// a call like any other, and is paced with the rest. The server stamps each arrival with the
/// clock the client paces by (a clock on which waiting costs nothing), and counts the calls in
/// every 10 s window of it.
final class RedirectPacingTests: ServerTestCase {
  private let shows = 30

  private func routeLookups() throws {
    for id in 1...shows {
      let show: [String: Any] = ["id": id, "name": "Show \(id)", "updated": 1_700_000_000]
      server.route("/shows/\(id)", always: .json(try JSONSerialization.data(withJSONObject: show)))
      server.routeLookup(imdb: "tt\(1_000_000 + id)", to: id)
    }
  }

  private func lookUpEveryShow(through transport: HTTPTransport) throws -> FakeClock {
    let fake = FakeClock()
    server.timeSource = { fake.clock.now() }
    let client = TVMazeClient(
      baseURL: server.baseURL, transport: transport, timeout: 5, clock: fake.clock)
    for id in 1...shows {
      XCTAssertEqual(try client.lookupShow(.imdb("tt\(1_000_000 + id)"))?.id, id)
    }
    return fake
  }

  func testTheRequestARedirectLeadsToIsPacedWithTheOthers() throws {
    try routeLookups()
    let fake = try lookUpEveryShow(through: URLSessionTransport())
    XCTAssertEqual(server.targets.count, 2 * shows, "each lookup and the show it leads to")
    XCTAssertEqual(server.targets.prefix(2), ["/lookup/shows?imdb=tt1000001", "/shows/1"])
    XCTAssertEqual(server.mostRequests(within: 10), 20, "TVmaze allows 20 calls in 10 s")
    // 60 calls at 20 per 10 s: the last goes 20 s after the first.
    XCTAssertEqual(fake.sleeps.reduce(0, +), 20, accuracy: 0.5)
  }

  func testTheNetworkHelperAnswersARedirectWithoutFollowingIt() throws {
    try routeLookups()
    let helper = ProcessTransport(helper: ShelfFetchHelper.url)
    let answer = try helper.get(
      server.baseURL.appendingPathComponent("lookup/shows").appending(
        queryItems: [URLQueryItem(name: "imdb", value: "tt1000001")]), timeout: 5)
    XCTAssertEqual(answer.status, 301)
    XCTAssertEqual(answer.headers["location"], server.baseURL.absoluteString + "/shows/1")
    XCTAssertEqual(server.targets, ["/lookup/shows?imdb=tt1000001"])

    _ = try lookUpEveryShow(through: helper)
    XCTAssertEqual(server.targets.count, 1 + 2 * shows)
    XCTAssertLessThanOrEqual(server.mostRequests(within: 10), 20)
  }

  func testAShorterPacingWindowIsForAServerOnThisMachineOnly() {
    let pace = ["SHELF_TVMAZE_PACE": "0.25"]
    XCTAssertEqual(TVMazeClient.pacingWindow(environment: pace, baseURL: server.baseURL), 0.25)
    XCTAssertEqual(
      TVMazeClient.pacingWindow(
        environment: pace, baseURL: URL(string: TVMazeClient.defaultBaseURL)!), 10,
      "never for TVmaze")
    XCTAssertEqual(
      TVMazeClient.pacingWindow(
        environment: ["SHELF_TVMAZE_PACE": "zero"], baseURL: server.baseURL),
      10)
    XCTAssertEqual(TVMazeClient.pacingWindow(environment: [:], baseURL: server.baseURL), 10)
  }

  func testARedirectLoopEndsInAnError() throws {
    server.redirect("/lookup/shows?thetvdb=1", to: "/lookup/shows?thetvdb=1")
    let client = makeClient(clock: FakeClock().clock)
    let error = tvMazeError { try client.lookupShow(.thetvdb(1)) }
    XCTAssertEqual(error?.kind, .badResponse)
    XCTAssertEqual(server.requestCount("/lookup/shows?thetvdb=1"), 6, "the call and 5 redirects")
  }
}

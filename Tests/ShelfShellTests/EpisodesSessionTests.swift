import Foundation
import ShelfDomain
import ShelfShell
import ShelfTestSupport
import XCTest

/// Episodes, watched marks, up next and upcoming, through `Session.execute` against a local
/// HTTP server: show 1 has its real episode capture (2013–2015), show 2 a schedule generated
/// around the current date (five aired weekly, then one tomorrow, one in 8 and in 20 days).
final class EpisodesSessionTests: XCTestCase {
  private var server: TestHTTPServer!
  private var files: TestLibrary!
  private let now = Date()

  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()

  override func setUpWithError() throws {
    try super.setUpWithError()
    server = try TestHTTPServer()
    files = try TestLibrary()
    let capture = try Data(
      contentsOf: Self.fixtures.appendingPathComponent(
        "ShelfCatalogTests/Fixtures/show-1-episodes.json"))
    server.route("/shows/1/episodes", always: .json(capture))
    server.route("/shows/2/episodes", always: .json(try generatedSchedule()))
    server.route("/shows/3/episodes", always: .status(500))
  }

  override func tearDown() {
    server?.stop()
    server = nil
    files = nil
    super.tearDown()
  }

  func testShowDetailsHaveNextAndPreviousEpisodeAndTheSeasons() throws {
    let session = try makeSession()
    let details = plain(run(session, "ls /shows/2"))
    let tomorrow = try XCTUnwrap(AirTime.parse(stamp(days: 1)))
    XCTAssertTrue(
      details.contains(
        "Next episode: S01E06 \"Episode Six\" · \(AirTime.weekdayAndTime(tomorrow)) (\(AirTime.relative(tomorrow, from: now)))"
      ), details)
    XCTAssertTrue(details.contains("Previous episode: S01E05 \"Episode Five\""), details)
    XCTAssertTrue(details.contains("Episodes   8 in 1 season"), details)
    XCTAssertTrue(row(containing: "S1  ", in: details).hasSuffix("0/8"), details)

    let capture = plain(run(session, "ls /shows/1"))
    XCTAssertTrue(capture.contains("Episodes   39 in 3 seasons"), capture)
    XCTAssertFalse(capture.contains("Next episode"), "the capture's show has ended")
    let season3 = row(containing: "S3 ", in: capture)
    XCTAssertTrue(season3.contains("2015-06-25") && season3.contains("2015-09-10"), capture)
    let details2 = try json(run(session, "info /shows/1"))
    XCTAssertEqual(details2["episodeCount"] as? Int, 39)
    XCTAssertEqual((details2["previousEpisode"] as? [String: Any])?["code"] as? String, "S03E13")
  }

  func testUpNextAndUpcomingForFavoriteShowsWorkOffline() throws {
    let session = try makeSession()
    run(session, "cd /shows")
    run(session, "fav 2")
    run(session, "fav 1")
    run(session, "next")
    XCTAssertEqual(session.location, .upNext)
    let upNext = try json(run(session, "ls"))
    let rows = try XCTUnwrap(upNext["rows"] as? [[String: Any]])
    XCTAssertEqual(rows.map { $0["code"] as? String }, ["S01E01", "S01E01"])
    XCTAssertEqual(rows.map { $0["showId"] as? Int }, [1, 2], "oldest first")
    XCTAssertEqual(rows.map { $0["left"] as? Int }, [39, 5])

    let moved = plain(run(session, "watched 2"))
    XCTAssertTrue(row(containing: "show:2", in: moved).contains("S01E02"), moved)
    run(session, "open show:2")
    XCTAssertEqual(session.location, .episode(show: 2, season: 1, number: 2))

    let week = plain(run(session, "upcoming"))
    XCTAssertTrue(week.contains("Episode Six"), week)
    XCTAssertTrue(week.contains("Episode Seven"), week)
    XCTAssertFalse(week.contains("Episode Eight"), week)
    let tomorrow = try XCTUnwrap(AirTime.parse(stamp(days: 1)))
    XCTAssertTrue(week.contains(AirTime.day(tomorrow)), week)
    let month = try json(run(session, "upcoming --days 30"))
    XCTAssertEqual((month["rows"] as? [[String: Any]])?.count, 3)

    // Offline, in a new shell: the favourites' episodes were saved with them.
    server.stop()
    let offline = try makeSession()
    XCTAssertEqual(
      try XCTUnwrap(json(run(offline, "next"))["rows"] as? [[String: Any]]).count, 2)
    XCTAssertTrue(plain(run(offline, "upcoming")).contains("Episode Six"))
    XCTAssertTrue(plain(run(offline, "ls /shows/2/S1")).contains("Episode Eight"))
  }

  func testAFailedFetchIsAnErrorAndChangesNothing() throws {
    let session = try makeSession()
    let failed = session.execute("ls /shows/3/S1")
    XCTAssertEqual(
      failed.errorMessage,
      "ls: episodes of \"Bitten\": TVmaze answered HTTP 500"
    )
    XCTAssertEqual(session.location, .home)
    XCTAssertNotNil(session.execute("cd /shows/3/S1; watched --season").error)
    let watched = files.personDirectory.appendingPathComponent("watched.plist")
    XCTAssertFalse(FileManager.default.fileExists(atPath: watched.path))
  }

  func testTabCompletesSeasonsAndEpisodes() throws {
    let session = try makeSession()
    run(session, "ls /shows/1")
    XCTAssertEqual(
      session.complete("cd /shows/1/S", cursor: 13).candidates.map(\.text),
      ["/shows/1/S1/", "/shows/1/S2/", "/shows/1/S3/"].map { $0 })
    run(session, "cd /shows/1/S2")
    let episodes = session.complete("open E1", cursor: 7).candidates.map(\.text)
    XCTAssertEqual(episodes.first, "E1")
  }

  func testEpisodesAreFetchedOnceAndAgainOnlyWhenTheShowChanges() throws {
    let first = try files.make(baseURL: server.baseURL)
    var show = try XCTUnwrap(first.show(id: 1))
    XCTAssertEqual(try first.episodes.episodes(of: show, keepWithFavorites: false).count, 39)
    XCTAssertEqual(server.requestCount("/shows/1/episodes"), 1)
    // Another shell: kept in the show store, not fetched again while the stamp is the same.
    let second = try files.make(baseURL: server.baseURL)
    XCTAssertEqual(second.episodes.known(showID: 1)?.count, 39)
    XCTAssertEqual(try second.episodes.episodes(of: show, keepWithFavorites: false).count, 39)
    XCTAssertEqual(server.requestCount("/shows/1/episodes"), 1)
    show.updated = (show.updated ?? 0) + 60
    XCTAssertEqual(try second.episodes.episodes(of: show, keepWithFavorites: false).count, 39)
    XCTAssertEqual(server.requestCount("/shows/1/episodes"), 2)
  }

  func testListingAShowWhoseEpisodesCannotBeFetchedIsAnErrorAndInfoDefaultsToTheEpisode()
    throws
  {
    let session = try makeSession()
    let failed = session.execute("ls /shows/3")
    XCTAssertEqual(failed.errorMessage, "ls: episodes of \"Bitten\": TVmaze answered HTTP 500")
    XCTAssertTrue(plain(run(session, "open show:3")).contains("Episodes   not fetched yet"))
    run(session, "cd /shows/1/S1/E3")
    XCTAssertTrue(plain(run(session, "info")).hasPrefix("Manhunt\n"))
  }

  // MARK: - Helpers

  /// An episode that aired reads `Aired`, one to come `Airs` (and a show not premiered yet).
  func testPastAirTimesReadAiredAndFutureOnesAirs() throws {
    let session = try makeSession()
    let aired = plain(run(session, "ls /shows/2/S1/E5"))
    let coming = plain(run(session, "ls /shows/2/S1/E6"))
    let fifth = try XCTUnwrap(AirTime.parse(stamp(days: -7)))
    let sixth = try XCTUnwrap(AirTime.parse(stamp(days: 1)))
    XCTAssertTrue(
      aired.contains("Aired      \(AirTime.dateAndTime(fifth)) (local time)\n"), aired)
    XCTAssertTrue(
      coming.contains("Airs       \(AirTime.dateAndTime(sixth)) (local time)\n"), coming)
    XCTAssertFalse(aired.contains("Airs "), aired)
    // The 2013 capture's episodes all aired.
    let old = plain(run(session, "ls /shows/1/S1/E1"))
    XCTAssertTrue(old.contains("Aired      2013-06-2"), old)
    XCTAssertTrue(plain(run(session, "info /shows/1")).contains("Aired      2013-06-24"))
  }

  private func makeSession() throws -> Session {
    let library = try files.make(baseURL: server.baseURL)
    let now = self.now
    library.now = { now }
    return Session(
      library: library, options: SessionOptions(interactive: false), asker: ScriptedAsker(),
      opener: RecordingOpener())
  }

  private func stamp(days: Double) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    // Whole minutes, as TVmaze's airstamps are.
    let date = now.addingTimeInterval(days * 86_400)
    return formatter.string(
      from: Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded() * 60))
  }

  private func generatedSchedule() throws -> Data {
    let names = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"]
    let offsets: [Double] = [-35, -28, -21, -14, -7, 1, 6.5, 20]
    let episodes: [[String: Any]] = zip(names, offsets).enumerated().map { index, pair in
      let airstamp = stamp(days: pair.1)
      return [
        "id": 2000 + index, "name": "Episode \(pair.0)", "season": 1, "number": index + 1,
        "airdate": String(airstamp.prefix(10)), "airtime": "21:00", "airstamp": airstamp,
        "runtime": 45, "summary": "<p>Part \(index + 1).</p>",
      ]
    }
    return try JSONSerialization.data(withJSONObject: episodes)
  }

}

import Foundation
import ShelfDomain
import ShelfShell
import ShelfStore
import ShelfTV
import ShelfTestSupport
import XCTest

/// `import --from` as a user runs it, against a real HTTP server on 127.0.0.1 that answers as
/// TVmaze does (a 301 for a lookup, episodes embedded, specials on request), with "Under the
/// Dome" (TVmaze's show 1, real captures) and exports in their services' real layouts.
final class HistoryImportSessionTests: XCTestCase {
  private var server: TestHTTPServer!
  private var files: TestLibrary!
  private var folder: URL!
  private let now = Date(timeIntervalSince1970: 1_795_000_000)

  override func setUpWithError() throws {
    try super.setUpWithError()
    server = try TestHTTPServer()
    files = try TestLibrary()
    folder = files.dataDirectory.deletingLastPathComponent().appendingPathComponent("exports")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let repository = TestLibrary.repository
    let show = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(
          contentsOf: repository.appendingPathComponent("Tests/ShelfTVTests/Fixtures/show-1.json")))
        as? [String: Any])
    let episodes = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(
          contentsOf: repository.appendingPathComponent(
            "Tests/ShelfCatalogTests/Fixtures/show-1-episodes.json"))) as? [[String: Any]])
    let special: [String: Any] = [
      "id": 9001, "name": "Inside the Dome", "season": 1, "number": NSNull(),
      "type": "significant_special", "airstamp": "2013-06-24T03:00:00+00:00",
    ]
    try server.routeShow(show, episodes: episodes, specials: [special])
    server.routeLookup(imdb: "tt1553656", thetvdb: 264492, to: 1)
    try server.routeShow(
      ["id": 139, "name": "Girls", "premiered": "2012-04-15", "updated": 1_700_000_000],
      episodes: [])
    server.routeLookup(imdb: "tt1723816", thetvdb: 220411, to: 139)
    try server.routeSearch("Under the Dome", shows: [show])
    let offices: [[String: Any]] = [
      ["id": 526, "name": "The Office", "premiered": "2005-03-24", "updated": 1],
      ["id": 530, "name": "The Office", "premiered": "2001-07-09", "updated": 1],
    ]
    try server.routeSearch("The Office", shows: offices)
    try server.routeShow(
      offices[0], episodes: [["id": 52601, "name": "Pilot", "season": 1, "number": 1]])
  }

  override func tearDown() {
    server?.stop()
    server = nil
    files = nil
    super.tearDown()
  }

  private func makeSession() throws -> Session {
    let library = try files.make(baseURL: server.baseURL, clock: SkippingClock().clock)
    let now = self.now
    library.now = { now }
    return Session(
      library: library, options: SessionOptions(interactive: false, remembersPosition: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
  }

  private func write(_ name: String, _ text: String) throws {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  private let dome = """
    {"title": "Under the Dome", "year": 2013, "ids": {"trakt": 1, "slug": "under-the-dome",
     "tvdb": 264492, "imdb": "tt1553656", "tmdb": 1, "tvrage": 25988}}
    """

  private func play(_ id: Int, _ at: String, _ season: Int, _ number: Int, _ title: String)
    -> String
  {
    """
    {"id": \(id), "watched_at": "\(at)", "action": "scrobble", "type": "episode",
     "episode": {"season": \(season), "number": \(number), "title": "\(title)",
       "ids": {"trakt": 1, "tvdb": 2, "imdb": null, "tmdb": 3}}, "show": \(dome)}
    """
  }

  /// Trakt's export zip: the history in two parts, the watched shows, ratings, the watchlist,
  /// and a movie in the history and in the watchlist.
  private func traktZip() throws -> URL {
    try write(
      "trakt/watched/watched-history-1.json",
      "[" + play(1, "2013-06-25T04:10:00.000Z", 1, 1, "Pilot") + ","
        + play(2, "2014-01-01T20:00:00.000Z", 1, 1, "Pilot") + ","
          + """
          {"id": 3, "watched_at": "2015-01-01T20:00:00.000Z", "action": "watch", "type": "movie",
           "movie": {"title": "Saint", "year": 2010, "ids": {"trakt": 31265, "imdb": "tt1167675"}}}
          """ + "]")
    try write(
      "trakt/watched/watched-history-2.json",
      "[" + play(4, "2013-07-02T04:10:00.000Z", 1, 2, "The Fire") + ","
        + play(5, "2013-06-24T04:10:00.000Z", 0, 1, "Inside the Dome") + "]")
    try write(
      "trakt/watched/watched-shows.json",
      """
      [{"plays": 4, "last_watched_at": "2014-01-01T20:00:00.000Z", "show": \(dome),
        "seasons": [{"number": 1, "episodes": [
          {"number": 1, "plays": 2, "last_watched_at": "2014-01-01T20:00:00.000Z"},
          {"number": 3, "plays": 1, "last_watched_at": "2013-07-09T04:10:00.000Z"}]}]}]
      """)
    try write(
      "trakt/ratings/ratings-shows.json",
      #"[{"rated_at": "2014-01-02T00:00:00.000Z", "rating": 8, "type": "show", "show": "#
        + dome + "}]")
    try write(
      "trakt/ratings/ratings-episodes.json",
      """
      [{"rated_at": "2014-01-02T00:00:00.000Z", "rating": 9, "type": "episode",
        "episode": {"season": 1, "number": 2, "title": "The Fire"}, "show": \(dome)}]
      """)
    try write(
      "trakt/lists/lists-watchlist.json",
      """
      [{"rank": 1, "id": 7, "listed_at": "2015-01-01T00:00:00.000Z", "type": "show",
        "show": {"title": "Girls", "year": 2012, "ids": {"tvdb": 220411, "imdb": "tt1723816"}}},
       {"rank": 2, "id": 8, "listed_at": "2015-01-01T00:00:00.000Z", "type": "movie",
        "movie": {"title": "Perfect Blue", "year": 1998, "ids": {"imdb": "tt0156887"}}}]
      """)
    let zip = folder.appendingPathComponent("trakt-export.zip")
    try ZipTool.zip(["trakt"], in: folder, to: zip)
    return zip
  }

  func testTraktsExportZipBringsPlaysRatingsWatchlistAndSpecialsAndASecondRunAddsNothing() throws {
    let zip = try traktZip()
    let session = try makeSession()
    let outcome = try XCTUnwrap(session.run("import --from trakt \(zip.path)").last)
    XCTAssertNil(outcome.errorMessage)
    XCTAssertEqual(
      plain(outcome),
      """
      2 shows matched, 4 episodes marked, 2 ratings, 0 not found.
      1 rewatch counted in the episodes' plays.
      2 movies left out (shelf keeps TV shows).

      """)
    let library = try files.make()
    let marks = try library.userData.watched.watchedEpisodes(show: 1)
    XCTAssertEqual(marks.map(\.id).sorted(), [1, 2, 3, 9001], "the special found by its name")
    XCTAssertEqual(
      marks.first { $0.id == 1 }?.watchedAt, WatchTime.parse("2013-06-25T04:10:00Z"),
      "the first of the two plays")
    XCTAssertEqual(marks.first { $0.id == 1 }?.plays, 2, "a play a row of the history")
    XCTAssertEqual(marks.first { $0.id == 2 }?.plays, 1)
    let tracking = try library.userData.tracking.read()
    XCTAssertEqual(tracking.rating(ofShow: 1), 8)
    XCTAssertEqual(tracking.rating(ofEpisode: 2), 9)
    XCTAssertEqual(tracking.status(of: 139), .plan, "the watchlist")
    XCTAssertNil(tracking.status(of: 1))
    XCTAssertEqual(try library.userData.favorites.read().shows.map(\.id), [1, 139])
    XCTAssertEqual(
      server.requestCount("/shows/1/episodes?specials=1"), 1, "specials asked for once")

    let again = try XCTUnwrap(session.run("import --from trakt \(zip.path)").last)
    XCTAssertEqual(
      plain(again),
      "2 shows matched, 0 episodes marked, 0 ratings, 0 not found.\n"
        + "2 movies left out (shelf keeps TV shows).\n")
  }

  /// The files of a directory, recursively, with their bytes.
  private func snapshot(_ directory: URL) -> [String: Data] {
    var found: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: directory.path)
    while let name = walker?.nextObject() as? String {
      found[name] = FileManager.default.contents(
        atPath: directory.appendingPathComponent(name).path)
    }
    return found
  }

  func testADryRunSaysWhatWouldChangeAndWritesNothingNotEvenEpisodeCopies() throws {
    let zip = try traktZip()
    let session = try makeSession()
    run(session, "fav show:1")
    let data = snapshot(files.dataDirectory)
    let store = try? FileManager.default.attributesOfItem(atPath: files.storeURL.path)
    let outcome = try XCTUnwrap(session.run("import --from trakt \(zip.path) --dry-run").last)
    XCTAssertEqual(
      plain(outcome),
      """
      Dry run: nothing was written. The import would change:
        Under the Dome (show:1): 4 marked, 1 rewatch, 2 rated
        Girls (show:139): status plan, followed
      2 shows matched, 4 episodes marked, 2 ratings, 0 not found.
      1 rewatch counted in the episodes' plays.
      2 movies left out (shelf keeps TV shows).

      """)
    XCTAssertEqual(snapshot(files.dataDirectory), data, "nothing in the data directory changed")
    XCTAssertEqual(
      try? FileManager.default.attributesOfItem(atPath: files.storeURL.path)[.modificationDate]
        as? Date, store?[.modificationDate] as? Date, "nor the show store")
    let json = try json(run(session, "import --from trakt \(zip.path) --dry-run"))
    XCTAssertEqual(json["episodes"] as? Int, 4)
    XCTAssertEqual(json["dryRun"] as? Bool, true)
  }

  func testTVTimeIsMatchedByTheTVDBIdAndTheNamedPersonReceivesIt() throws {
    try write(
      "gdpr/tracking-prod-records-v2.csv",
      "\u{FEFF}key,user_id,created_at,s_id,ep_id,is_followed,is_archived,is_for_later,series_name,"
        + "season_number,episode_number\r\n"
        + "a,7,2013-06-25 04:10:00,264492,1,,,,Under the Dome,1,1\r\n"
        + "b,7,2013-07-02 04:10:00,264492,2,,,,Under the Dome,1,2\r\n"
        + "user-series-1,7,2013-06-25 04:10:00,264492,,true,true,false,Under the Dome,,\r\n")
    let session = try makeSession()
    run(session, "profile add Mia --born 2015-05")
    let outcome = try XCTUnwrap(
      session.run(
        "import --from tvtime \(folder.appendingPathComponent("gdpr").path) --profile Mia"
      ).last)
    XCTAssertEqual(plain(outcome), "1 show matched, 2 episodes marked, 0 ratings, 0 not found.\n")
    XCTAssertEqual(server.targets.first, "/lookup/shows?thetvdb=264492")
    let library = try files.make()
    XCTAssertEqual(
      try library.userData.watched.watchedEpisodes(show: 1), [], "not the active person's")
    let mia = library.userData.person(for: try library.userData.household.profile(named: "Mia"))
    XCTAssertEqual(try mia.watched.watchedEpisodes(show: 1).map(\.id), [1, 2])
    XCTAssertEqual(try mia.tracking.read().status(of: 1), .dropped, "archived in TV Time")
  }

  func testNetflixTitlesAreSearchedTheAmbiguousListedAndTheRowsFixedByHandReadBack() throws {
    try write(
      "NetflixViewingHistory.csv",
      "Title,Date\r\n\"Under the Dome: Season 1: The Fire\",\"7/2/13\"\r\n"
        + "\"The Office: Season 1: Pilot\",\"3/24/05\"\r\n\"Saint\",\"6/24/25\"\r\n")
    let unmatched = folder.appendingPathComponent("todo.csv")
    let session = try makeSession()
    let outcome = try XCTUnwrap(
      session.run(
        "import --from netflix \(folder.appendingPathComponent("NetflixViewingHistory.csv").path)"
          + " --unmatched \(unmatched.path)"
      ).last)
    XCTAssertEqual(
      plain(outcome),
      """
      1 show matched, 1 episode marked, 0 ratings, 1 not found: The Office.
        The Office: 2 shows have that title: The Office (2005, show:526), The Office (2001, show:530)
      1 movie left out (shelf keeps TV shows).
      The rows not matched are in \(unmatched.path).

      """)
    XCTAssertEqual(try files.make().userData.watched.watchedEpisodes(show: 1).map(\.id), [2])
    // The user says which show it is, and imports the rows again.
    let written = try String(contentsOf: unmatched, encoding: .utf8)
    XCTAssertTrue(written.hasPrefix("\"media_id\",\"source\",\"media_type\",\"title\""), written)
    XCTAssertTrue(written.contains("\"episode\",\"The Office\""), written)
    let fixed = written.replacingOccurrences(
      of: "\"episode: Pilot;", with: "\"tvmaze: 526; episode: Pilot;")
    XCTAssertNotEqual(fixed, written)
    try Data(fixed.utf8).write(to: unmatched)
    let second = try XCTUnwrap(session.run("import --from yamtrack \(unmatched.path)").last)
    XCTAssertEqual(plain(second), "1 show matched, 1 episode marked, 0 ratings, 0 not found.\n")
    XCTAssertEqual(
      try files.make().userData.watched.watchedEpisodes(show: 526).first?.watchedAt,
      WatchTime.parse("2005-03-24T12:00:00Z"))
  }

  func testExportAsYamtrackIsReadBackWhole() throws {
    let session = try makeSession()
    run(session, "import --from trakt \(try traktZip().path)")
    let exported = try XCTUnwrap(session.run("export --as yamtrack").last)
    let csv = plain(exported)
    XCTAssertTrue(
      csv.hasPrefix(
        "\"media_id\",\"source\",\"media_type\",\"title\",\"image\",\"season_number\","
          + "\"episode_number\",\"score\",\"progress\",\"status\",\"start_date\",\"end_date\","
          + "\"notes\",\"progressed_at\""), csv)
    XCTAssertTrue(
      csv.contains("\"tvmaze: 1; thetvdb: 264492; imdb: tt1553656\""), "the ids travel: \(csv)")
    let file = folder.appendingPathComponent("shows.csv")
    try Data(csv.utf8).write(to: file)

    let elsewhere = try TestLibrary()
    let library = try elsewhere.make(baseURL: server.baseURL, clock: SkippingClock().clock)
    let other = Session(
      library: library, options: SessionOptions(interactive: false, remembersPosition: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    let outcome = run(other, "import --from yamtrack \(file.path)")
    XCTAssertEqual(
      plain(outcome),
      "2 shows matched, 4 episodes marked, 2 ratings, 0 not found.\n"
        + "1 rewatch counted in the episodes' plays.\n", "the plays travel as Yamtrack's repeats")
    let original = try files.make().userData
    let copy = try elsewhere.make().userData
    XCTAssertEqual(
      try copy.watched.watchedEpisodes(show: 1).sorted { $0.id < $1.id },
      try original.watched.watchedEpisodes(show: 1).sorted { $0.id < $1.id })
    XCTAssertEqual(try copy.tracking.read().status(of: 139), .plan)
    XCTAssertEqual(try copy.tracking.read().rating(ofShow: 1), 8)
  }
}

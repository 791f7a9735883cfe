import Foundation
import ShelfDomain
import ShelfShell
import ShelfStore
import ShelfTV
import ShelfTestSupport
import XCTest

/// `import --from trakt` at a heavy user's size against a real HTTP server on 127.0.0.1 that
/// answers `/lookup/shows` with a 301 as TVmaze does: 5,000 watched episodes of 20 shows (CI's
/// scale tier: 10,000 of 40, from `SHELF_SCALE_MARKS`),
/// paced as TVmaze asks (on a clock where waiting costs nothing, whose 10 s windows the server
/// counts calls in), stopped by Ctrl-C half-way, and a file far too large.
final class TraktImportSessionTests: XCTestCase {
  private var server: TestHTTPServer!
  private var files: TestLibrary!
  private var folder: URL!
  private let now = Date(timeIntervalSince1970: 1_795_000_000)
  static let episodesPerShow = 250
  /// 20 shows, or up to 40 with more marks: the pacing and Ctrl-C checks need at least 20.
  static let showCount = max(20, min(40, ScaleSettings.fromEnvironment().marks / episodesPerShow))
  static var episodeCount: Int { showCount * episodesPerShow }

  override func setUpWithError() throws {
    try super.setUpWithError()
    server = try TestHTTPServer()
    files = try TestLibrary()
    folder = files.dataDirectory.deletingLastPathComponent().appendingPathComponent("trakt")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (id, routes) in zip(1...Self.showCount, try Self.showRoutes.get()) {
      server.route(routes)
      server.routeLookup(imdb: "tt\(9_000_000 + id)", thetvdb: 700 + id, to: 5000 + id)
    }
  }

  /// TVmaze's answers about the shows and their episodes, made once for every test.
  private static let showRoutes = Result {
    try (1...showCount).map { id in
      let show: [String: Any] = [
        "id": 5000 + id, "name": "Generated Show \(id)", "status": "Running",
        "genres": ["Drama"], "runtime": 30, "updated": 1_700_000_000,
      ]
      let episodes: [[String: Any]] = (0..<episodesPerShow).map { index in
        [
          "id": id * 1000 + index, "name": "Episode \(index)", "season": index / 50 + 1,
          "number": index % 50 + 1, "airdate": "2020-01-01",
          "airstamp": "2020-01-01T20:00:00+00:00", "runtime": 30,
        ]
      }
      return try ShowRoutes(show, episodes: episodes)
    }
  }

  override func tearDown() {
    server?.stop()
    server = nil
    files = nil
    super.tearDown()
  }

  /// Trakt's watched-shows export of every generated show, each episode watched once.
  private func writeExport() throws -> URL {
    let shows: [[String: Any]] = (1...Self.showCount).map { id in
      let seasons: [[String: Any]] = (1...(Self.episodesPerShow / 50)).map { season in
        [
          "number": season,
          "episodes": (1...50).map { number in
            ["number": number, "plays": 1, "last_watched_at": "2021-03-0\(season)T21:00:00.000Z"]
          },
        ]
      }
      return [
        "plays": Self.episodesPerShow, "last_watched_at": "2021-03-05T21:00:00.000Z",
        "show": [
          "title": "Generated Show \(id)", "year": 2020,
          "ids": ["trakt": id, "imdb": "tt\(9_000_000 + id)", "tvdb": 700 + id],
        ],
        "seasons": seasons,
      ]
    }
    let url = folder.appendingPathComponent("watched-shows.json")
    try JSONSerialization.data(withJSONObject: shows).write(to: url)
    return url
  }

  private func makeSession(clock: TVMazeClock, interrupted: @escaping () -> Bool = { false })
    throws -> Session
  {
    let library = try files.make(baseURL: server.baseURL, clock: clock)
    let now = self.now
    library.now = { now }
    return Session(
      library: library, options: SessionOptions(interactive: false, remembersPosition: false),
      asker: ScriptedAsker(), opener: RecordingOpener(), interrupted: interrupted)
  }

  func testThousandsOfEpisodesKeepTVmazesPacingEveryCallCounted() throws {
    let export = try writeExport()
    let clock = FastForwardClock()
    server.timeSource = { clock.elapsed }
    let session = try makeSession(clock: clock.clock)
    let outcome = try XCTUnwrap(session.run("import --from trakt \(export.path)").last)
    XCTAssertNil(outcome.errorMessage)
    XCTAssertEqual(
      plain(outcome),
      "\(Self.showCount) shows matched, \(Thousands.grouped(Self.episodeCount)) episodes marked, "
        + "0 ratings, 0 not found.\n")
    // A lookup for each show, each a 301 to the show with its episodes: at 20 calls per 10 s,
    // 80 calls make a floor of 30 s and 40 one of 10 s. (How close to the floor it ends is a
    // figure of tools/bench,
    // 41-history-import, not a test.)
    XCTAssertEqual(server.targets.count, 2 * Self.showCount)
    // Arrivals are stamped as they reach the server, a little after the client booked them:
    // 0.1 s is left for that.
    XCTAssertEqual(server.mostRequests(within: 9.9), 20, "TVmaze's pacing is kept")
    let floor = Double(2 * Self.showCount / 20 - 1) * 10
    XCTAssertGreaterThanOrEqual(clock.elapsed, floor, "the floor is \(floor) s")
    let watched = try files.make().userData.watched.read()
    XCTAssertEqual(watched.shows.map(\.episodes.count).reduce(0, +), Self.episodeCount)
    XCTAssertEqual(
      watched.episodes(show: 5001).first?.watchedAt, WatchTime.parse("2021-03-01T21:00:00Z"))
    XCTAssertEqual(try files.make().favorites().shows.count, Self.showCount)

    // A second run adds nothing.
    let again = try XCTUnwrap(session.run("import --from trakt \(export.path)").last)
    XCTAssertEqual(
      plain(again), "\(Self.showCount) shows matched, 0 episodes marked, 0 ratings, 0 not found.\n")
  }

  func testCtrlCKeepsTheShowsDoneSoFarWholeAndASecondRunAddsTheRest() throws {
    let export = try writeExport()
    let server = self.server!
    let session = try makeSession(clock: SkippingClock().clock) {
      server.requestCount("/shows/5005?embed=episodes") > 0
    }
    let outcome = try XCTUnwrap(session.run("import --from trakt \(export.path)").last)
    XCTAssertEqual(
      outcome.errorMessage,
      "import: cancelled (stopped after 5 of \(Self.showCount) shows: 5 shows matched, "
        + "1,250 episodes marked, 0 ratings, 0 not found; \"import --from trakt\" again adds the rest)"
    )
    let watched = try files.make().userData.watched.read()
    XCTAssertEqual(watched.shows.map(\.showId), [5001, 5002, 5003, 5004, 5005])
    XCTAssertTrue(watched.shows.allSatisfy { $0.episodes.count == Self.episodesPerShow })
    XCTAssertEqual(try files.make().favorites().shows.map(\.id), [5001, 5002, 5003, 5004, 5005])

    let rest = try makeSession(clock: SkippingClock().clock)
    let finished = try XCTUnwrap(rest.run("import --from trakt \(export.path)").last)
    XCTAssertEqual(
      plain(finished),
      "\(Self.showCount) shows matched, \(Thousands.grouped(Self.episodeCount - 1_250)) episodes "
        + "marked, 0 ratings, 0 not found.\n")
  }

  func testAFileOver256MiBIsRefusedUnreadAndNothingChanges() throws {
    let url = folder.appendingPathComponent("huge.json")
    XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: Data("[".utf8)))
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 300 << 20)
    try handle.close()
    let session = try makeSession(clock: SkippingClock().clock)
    let before = try FileManager.default.contentsOfDirectory(atPath: files.dataDirectory.path)
    let outcome = try XCTUnwrap(session.run("import --from trakt \(url.path)").last)
    XCTAssertEqual(
      outcome.errorMessage,
      "import: cannot import \(url.path): it is larger than 256 MiB; nothing changed")
    XCTAssertEqual(server.targets, [], "no lookup was made")
    let left = try FileManager.default.contentsOfDirectory(atPath: files.dataDirectory.path)
    XCTAssertEqual(left.sorted(), before.sorted())
  }

  func testIdsTVmazeDoesNotKnowAreNamedAndAnEmptyExportChangesNothing() throws {
    let export = folder.appendingPathComponent("watched-shows.json")
    let shows: [[String: Any]] = [
      [
        "show": ["title": "Nobody Knows", "year": 1990, "ids": ["imdb": "tt0000002", "tvdb": 2]],
        "seasons": [["number": 1, "episodes": [["number": 1, "last_watched_at": NSNull()]]]],
      ]
    ]
    try JSONSerialization.data(withJSONObject: shows).write(to: export)
    let session = try makeSession(clock: SkippingClock().clock)
    let before = try FileManager.default.contentsOfDirectory(atPath: files.dataDirectory.path)
    let outcome = try XCTUnwrap(session.run("import --from trakt \(export.path)").last)
    XCTAssertEqual(
      outcome.errorMessage,
      "import: cannot import \(export.path): no show could be matched: 0 shows matched, "
        + "0 episodes marked, 0 ratings, 1 not found: Nobody Knows (1990); nothing changed")
    XCTAssertEqual(
      server.targets, ["/lookup/shows?thetvdb=2", "/lookup/shows?imdb=tt0000002"])
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: files.dataDirectory.path).sorted(),
      before.sorted())
  }
}

/// Real time, fast-forwarded over every wait: the work between calls takes its real time (and
/// so overlaps the pacing, as it would), a wait for a turn costs nothing. `elapsed` is the time
/// the run would have taken with real waits.
final class FastForwardClock: @unchecked Sendable {
  private let lock = NSLock()
  private let start = ProcessInfo.processInfo.systemUptime
  private var skipped: TimeInterval = 0

  var elapsed: TimeInterval {
    lock.lock()
    defer { lock.unlock() }
    return ProcessInfo.processInfo.systemUptime - start + skipped
  }

  var clock: TVMazeClock {
    TVMazeClock(
      now: { [self] in elapsed },
      sleep: { [self] wait in
        lock.lock()
        defer { lock.unlock() }
        skipped += max(0, wait)
      })
  }
}

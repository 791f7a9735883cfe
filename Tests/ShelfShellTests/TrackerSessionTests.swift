import Foundation
import ShelfDomain
import ShelfShell
import ShelfStore
import ShelfTV
import ShelfTestSupport
import XCTest

/// The tracker's commands through `Session` against a real HTTP server on 127.0.0.1 and real
/// files: the calendar read back by a real iCalendar parser (Python's `icalendar`), `stats`
/// from marks with and without times, `new` remembering its last look.
final class TrackerSessionTests: XCTestCase {
  private var server: TestHTTPServer!
  private var files: TestLibrary!
  private let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z
  private let formatter: ISO8601DateFormatter = {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter
  }()

  override func setUpWithError() throws {
    try super.setUpWithError()
    server = try TestHTTPServer()
    files = try TestLibrary()
    server.route("/shows/1/episodes", always: .json(try schedule()))
  }

  override func tearDown() {
    server?.stop()
    server = nil
    files = nil
    super.tearDown()
  }

  /// Show 1's episodes around `now`: two aired, one airing tomorrow with a long name beyond
  /// ASCII (folded in the calendar), one with only a day (an all-day event), one in 20 days.
  private func schedule() throws -> Data {
    func episode(_ number: Int, days: Double, name: String, time: Bool = true) -> [String: Any] {
      let date = now.addingTimeInterval(days * 86_400)
      let stamp = formatter.string(from: date)
      var episode: [String: Any] = [
        "id": 900 + number, "name": name, "season": 2, "number": number,
        "airdate": String(stamp.prefix(10)), "runtime": 42,
      ]
      episode["airtime"] = time ? "21:00" : ""
      episode["airstamp"] = time ? stamp : String(stamp.prefix(10)) + "T12:00:00+00:00"
      return episode
    }
    let long = Self.long
    let episodes = [
      episode(1, days: -14, name: "Before"), episode(2, days: -6, name: "Last Week"),
      episode(3, days: 1, name: long), episode(4, days: 3, name: "Day Only", time: false),
      episode(5, days: 20, name: "Later"),
    ]
    return try JSONSerialization.data(withJSONObject: episodes)
  }

  private var long: String { Self.long }
  private static let long =
    "Ça, c'est la fin; l'été « très » long, with a name so long that the summary line "
    + "must be folded — twice, perhaps — at 75 octets 日本語"

  private func makeSession(interactive: Bool = false) throws -> Session {
    let library = try files.make(baseURL: server.baseURL)
    let now = self.now
    library.now = { now }
    return Session(
      library: library,
      options: SessionOptions(interactive: interactive, remembersPosition: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
  }

  // MARK: - Calendar

  func testTheCalendarIsRFC5545AsARealParserReadsIt() throws {
    let session = try makeSession()
    run(session, "fav show:1")
    let text = plain(run(session, "upcoming --days 7 --format ics"))
    let octets = Array(text.utf8)
    // CRLF line ends everywhere, and no line longer than 75 octets before its CRLF.
    var line: [UInt8] = []
    var index = 0
    while index < octets.count {
      if octets[index] == 13 {
        XCTAssertEqual(octets[safe: index + 1], 10, "a CR without LF")
        XCTAssertLessThanOrEqual(line.count, 75, String(decoding: line, as: UTF8.self))
        XCTAssertNotNil(String(bytes: line, encoding: .utf8), "a fold inside a UTF-8 sequence")
        line = []
        index += 2
        continue
      }
      XCTAssertNotEqual(octets[index], 10, "a LF without CR")
      line.append(octets[index])
      index += 1
    }
    XCTAssertTrue(line.isEmpty, "the document ends with CRLF")
    XCTAssertTrue(text.contains("\r\n "), "the long summary is folded")

    let events = try ICalendarParser.events(of: text)
    XCTAssertEqual(events.map(\.uid), ["tvmaze-episode-903", "tvmaze-episode-904"])
    let timed = events[0]
    let start = now.addingTimeInterval(86_400)
    XCTAssertEqual(timed.start, WatchTime.format(start))
    XCTAssertEqual(timed.end, WatchTime.format(start.addingTimeInterval(42 * 60)))
    XCTAssertEqual(
      timed.summary,
      "Under the Dome · S02E03 Ça, c'est la fin; l'été « très » long, with a name so long "
        + "that the summary line must be folded — twice, perhaps — at 75 octets 日本語")
    XCTAssertEqual(timed.url, "https://www.tvmaze.com/episodes/903")
    let allDay = events[1]
    let day = String(formatter.string(from: now.addingTimeInterval(3 * 86_400)).prefix(10))
    XCTAssertEqual(allDay.start, day)
    XCTAssertEqual(allDay.summary, "Under the Dome · S02E04 Day Only")

    // The same episodes give the same UIDs in a later export; spoiler-safe mode hides names.
    run(session, "spoilers hide")
    let hidden = try ICalendarParser.events(
      of: plain(run(session, "upcoming --days 30 --format ics")))
    XCTAssertEqual(
      hidden.map(\.uid), ["tvmaze-episode-903", "tvmaze-episode-904", "tvmaze-episode-905"])
    XCTAssertEqual(hidden[0].summary, "Under the Dome · S02E03 · name hidden")
  }

  func testTheCalendarIsWrittenAsItIsInEveryFormat() throws {
    let session = try makeSession()
    run(session, "fav show:1")
    let table = plain(run(session, "upcoming --format ics"))
    let outcome = run(session, "upcoming --format ics")
    XCTAssertEqual(outcome.report.flatMap(JSONRenderer().render), table)
    XCTAssertEqual(outcome.report.map(RowFormatRenderer(format: .csv).render), table)
    XCTAssertTrue(table.hasPrefix("BEGIN:VCALENDAR\r\n"))
  }

  // MARK: - Stats

  func testStatsCountMarksByMonthAndOldMarksInNoMonth() throws {
    let session = try makeSession()
    run(session, "fav show:1")
    // A mark made by an older shelf has no time: it counts in all time, in no month.
    try files.make().userData.watched.mark(show: 1, episodes: [WatchedEpisode(id: 901)])
    run(session, "cd /shows/1/S2; watched 2")
    let stats = try json(run(session, "stats"))
    XCTAssertEqual(stats["episodes"] as? Int, 2)
    XCTAssertEqual(stats["minutes"] as? Int, 84)
    XCTAssertEqual(stats["shows"] as? Int, 1)
    // Ended, and both aired episodes watched: completed.
    XCTAssertEqual(stats["completed"] as? Int, 1)
    let months = try XCTUnwrap(stats["byMonth"] as? [[String: Any]])
    XCTAssertEqual(months.count, 12)
    XCTAssertEqual(months.last?["month"] as? String, "2026-11")
    XCTAssertEqual(months.last?["episodes"] as? Int, 1)
    XCTAssertEqual(months.last?["minutes"] as? Int, 42)
    XCTAssertEqual(months.map { $0["episodes"] as? Int ?? 0 }.reduce(0, +), 1)
    let genres = try XCTUnwrap(stats["genres"] as? [[String: Any]])
    XCTAssertEqual(genres.first?["genre"] as? String, "Drama")
    XCTAssertEqual(genres.first?["episodes"] as? Int, 2)
    let top = try XCTUnwrap(stats["top"] as? [[String: Any]])
    XCTAssertEqual(top.first?["name"] as? String, "Under the Dome")

    let year = try json(run(session, "stats --year 2026"))
    XCTAssertEqual(year["episodes"] as? Int, 1)
    XCTAssertEqual((year["byMonth"] as? [[String: Any]])?.first?["month"] as? String, "2026-01")
    let text = plain(run(session, "stats"))
    XCTAssertTrue(text.contains("1 mark made before shelf kept times counts in no month."), text)
    XCTAssertTrue(text.contains("2026-11         1  42 min  ███"), text)
    XCTAssertTrue(text.contains("Started    1"), text)

    let bad = session.run("stats --year 99999").last
    XCTAssertEqual(bad?.errorMessage, "stats: --year takes 1900-9999, not \"99999\"")
  }

  func testAWatchedMarkRecordsWhenItWasMadeAndOldFilesStillLoad() throws {
    let session = try makeSession()
    run(session, "fav show:1")
    run(session, "cd /shows/1/S2; watched 1")
    let marks = try files.make().userData.watched.watchedEpisodes(show: 1)
    XCTAssertEqual(marks.first?.watchedAt, now)
    let text = try String(
      contentsOf: files.personDirectory.appendingPathComponent("watched.plist"), encoding: .utf8)
    XCTAssertTrue(text.contains("<key>watchedAt</key>"), text)
    XCTAssertTrue(text.contains("<date>2026-11-18T11:06:40Z</date>"), text)
  }

  // MARK: - New

  func testNewListsWhatAiredSinceTheLastLookAndPrintsNothingAfterwards() throws {
    let session = try makeSession()
    run(session, "fav show:1")
    let first = plain(run(session, "new --peek"))
    XCTAssertTrue(first.hasPrefix("1 new episode since"), first)
    XCTAssertTrue(first.contains("S02E02"), first)
    XCTAssertFalse(first.contains("S02E01"), "14 days ago is before the first look's 7 days")
    XCTAssertTrue(plain(run(session, "new")).contains("S02E02"), "--peek remembered nothing")
    let again = run(session, "new")
    XCTAssertNil(again.report, "nothing new prints nothing")
    XCTAssertNil(again.error)
  }

  /// `new` leaves out what you watched; with nothing new it says so at the prompt, and a
  /// script (cron) gets nothing.
  func testNewListsOnlyUnwatchedEpisodesAndSaysWhenNothingIsNew() throws {
    let script = try makeSession()
    run(script, "fav show:1; cd /shows/1/S2; watched 2")
    let peek = run(script, "new --peek")
    XCTAssertNil(peek.report, "the one episode since the last look is watched")
    XCTAssertNil(peek.error)

    let prompt = try makeSession(interactive: true)
    let since = now.addingTimeInterval(-7 * 86_400)  // the first look goes 7 days back
    XCTAssertEqual(
      plain(run(prompt, "new")), "Nothing new since \(AirTime.weekdayAndDate(since))\n")
    let again = try json(run(prompt, "new"))
    XCTAssertEqual((again["rows"] as? [Any])?.count, 0)
    XCTAssertEqual(again["since"] as? String, formatter.string(from: now))
  }

  /// `watched` refuses an episode to come, naming when it airs; `--force` marks it, and
  /// `--season` and `--through` leave such episodes out, saying how many.
  func testWatchedRefusesAnEpisodeThatHasNotAiredUnlessForced() throws {
    let session = try makeSession()
    run(session, "fav show:1; cd /shows/1/S2")
    let tomorrow = now.addingTimeInterval(86_400)
    let dayOnly = try XCTUnwrap(
      AirTime.parse(
        String(formatter.string(from: now.addingTimeInterval(3 * 86_400)).prefix(10))
          + "T12:00:00+00:00"))
    XCTAssertEqual(
      session.execute("watched 4").errorMessage,
      "watched: Under the Dome S02E04 \"Day Only\" has not aired yet: it airs"
        + " \(AirTime.weekdayAndTime(dayOnly)) (\(AirTime.relative(dayOnly, from: now))) (--force"
        + " marks it)")
    XCTAssertEqual(
      session.execute("watched 3").error,
      .notAiredYet(
        command: "watched", episode: "Under the Dome S02E03 \"\(long)\"",
        airs: "airs \(AirTime.weekdayAndTime(tomorrow)) (\(AirTime.relative(tomorrow, from: now)))")
    )
    XCTAssertEqual(try watchedIDs(), [])
    // In a season, the note comes first and the season after it.
    func note(_ line: String) -> String {
      String(plain(run(session, line)).prefix { $0 != "\n" })
    }
    XCTAssertTrue(note("watched 3 --force").hasSuffix(": watched."))
    XCTAssertEqual(try watchedIDs(), [903])
    XCTAssertEqual(
      note("watched --season"),
      "Under the Dome: 2 episodes of season 2 marked watched (3 not aired yet, left out: --force"
        + " marks them).")
    run(session, "unwatched --season")
    XCTAssertEqual(
      note("watched --through S02E03"),
      "Under the Dome: 2 episodes up to S02E03 marked watched (1 not aired yet, left out: --force"
        + " marks it).")
    XCTAssertEqual(try watchedIDs(), [901, 902])
  }

  /// `fav` on a favourite answers without the network; `unfav` on an episode names its show.
  func testFavOnAFavoriteAndUnfavOnAnEpisode() throws {
    let session = try makeSession()
    run(session, "fav show:1")
    let fetched = server.requestCount("/shows/1/episodes")
    server.stop()
    XCTAssertEqual(plain(run(session, "fav show:1")), "\"Under the Dome\" is already a favorite.\n")
    run(session, "cd /shows/1/S2/E1")
    XCTAssertEqual(plain(run(session, "fav")), "\"Under the Dome\" is already a favorite.\n")
    XCTAssertEqual(server.requestCount("/shows/1/episodes"), fetched)
    XCTAssertEqual(
      session.execute("unfav").error,
      .confirmationNeeded("Remove \"Under the Dome\" from favorites?"))
    XCTAssertEqual(plain(run(session, "unfav -y")), "Removed \"Under the Dome\" from favorites.\n")
  }

  private func watchedIDs() throws -> [Int] {
    try files.make().userData.watched.watchedEpisodes(show: 1).map(\.id).sorted()
  }
}

/// Reads an iCalendar document with Python's `icalendar` (PyPI), a real parser: `.ci/run`
/// installs it. Without python3 and the module the test is skipped, saying so.
enum ICalendarParser {
  struct Event: Decodable, Equatable {
    let uid: String
    let start: String
    let end: String?
    let summary: String
    let url: String?
  }

  static let script = """
    import json, sys
    from datetime import date, datetime, timezone
    import icalendar
    calendar = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
    def text(value):
        value = value.dt
        if isinstance(value, datetime):
            return value.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        return value.isoformat()
    events = []
    for event in calendar.walk("VEVENT"):
        events.append({
            "uid": str(event["UID"]), "start": text(event["DTSTART"]),
            "end": text(event["DTEND"]) if "DTEND" in event else None,
            "summary": str(event["SUMMARY"]), "url": str(event["URL"]) if "URL" in event else None,
        })
    json.dump(events, sys.stdout)
    """

  static func events(of document: String) throws -> [Event] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw XCTSkip("python3 is not installed: \(error)")
    }
    input.fileHandleForWriting.write(Data(document.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if problem.contains("No module named 'icalendar'") {
      throw XCTSkip("Python's icalendar is not installed (pip install icalendar)")
    }
    guard process.terminationStatus == 0 else {
      XCTFail("icalendar could not read the document: \(problem)")
      return []
    }
    return try JSONDecoder().decode([Event].self, from: data)
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}

import Foundation
import ShelfCatalog
import ShelfShell
import ShelfStore
import ShelfTestSupport
import XCTest

/// `export all` carries everything the people and the household made: a data directory rich
/// in every datum, exported and imported into a fresh one, answers every screen the same way,
/// in every format, as each person. Documents of versions 1 and 2 are still read.
final class ExportRoundTripSessionTests: XCTestCase {
  private var server: TestHTTPServer!
  private var original: TestLibrary!
  private var fresh: TestLibrary!
  private let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z

  override func setUpWithError() throws {
    try super.setUpWithError()
    server = try TestHTTPServer()
    original = try TestLibrary()
    fresh = try TestLibrary()
    server.route("/shows/1/episodes", always: .json(try episodes()))
  }

  override func tearDown() {
    server?.stop()
    server = nil
    original = nil
    fresh = nil
    super.tearDown()
  }

  /// Show 1's second season: three aired episodes and one airing next week.
  private func episodes() throws -> Data {
    let formatter = ISO8601DateFormatter()
    let episodes = (1...4).map { number -> [String: Any] in
      let aired = now.addingTimeInterval(Double(number - 4) * 7 * 86_400 + 86_400)
      let stamp = formatter.string(from: aired)
      return [
        "id": 900 + number, "name": "Episode \(number)", "season": 2, "number": number,
        "airdate": String(stamp.prefix(10)), "airtime": "21:00", "airstamp": stamp,
        "runtime": 42, "summary": "<p>What happens in \(number).</p>",
        "rating": ["average": 7.5],
      ]
    }
    return try JSONSerialization.data(withJSONObject: episodes)
  }

  private func session(_ files: TestLibrary) throws -> Session {
    let library = try files.make(baseURL: server.baseURL)
    let now = self.now
    library.now = { now }
    return Session(
      library: library, options: SessionOptions(interactive: false, remembersPosition: true),
      asker: ScriptedAsker(), opener: RecordingOpener())
  }

  @discardableResult
  private func run(_ session: Session, _ lines: String...) -> [Outcome] {
    lines.map { line in
      let outcome = session.execute(line)
      XCTAssertNil(outcome.error, "\(line): \(outcome.error?.message ?? "")")
      return outcome
    }
  }

  private func render(_ outcome: Outcome, _ format: OutputFormat) -> String {
    guard let report = outcome.report else { return "" }
    switch format {
    case .table: return TextRenderer(style: .plain).render(report)
    case .json: return JSONRenderer().render(report) ?? ""
    default: return RowFormatRenderer(format: format).render(report)
    }
  }

  /// Every datum: favourites of each kind, marks with their times, a status, show and episode
  /// ratings, stories read, wishes, claims, a line bought for someone, the cart, positions in
  /// each section, the spoilers choice, the last `new` look, a child's birth month.
  private func populate(_ shell: Session) {
    run(
      shell, "profile add Mia --born 2020-05", "fav show:1", "fav toy:42", "fav story:7",
      "fav product:1001", "cd /shows/1/S2", "watched 1", "watched 2", "rate 1 8",
      "status show:1 watching", "rate show:1 9", "spoilers hide", "new", "cd /stories/3-5",
      "read 7", "cd /store/Electronics", "buy product:1001 -n 2", "cd /toys/Dolls",
      "profile use Mia", "wish toy:45", "wish toy:42", "wish story:8", "fav toy:31",
      "cd /stories/6-8", "profile use me", "cd /profiles/Mia/wishlist", "claim toy:45",
      "buy toy:42 --for Mia", "cd /")
  }

  /// What each person sees, screen by screen.
  private static let screens: [(person: String, lines: [String])] = [
    (
      "me",
      [
        "ls /favorites", "ls /upnext", "info show:1", "ls /shows/1/S2", "info /shows/1/S2/E1",
        "info /shows/1/S2/E3", "ls /stories/3-5", "ls /profiles", "ls /profiles/Mia/wishlist",
        "ls /wishlist", "cart", "stats", "new --peek", "spoilers", "ls /toys", "ls /stories",
        "ls /store", "ls /",
      ]
    ),
    ("Mia", ["ls /wishlist", "ls /profiles/Mia/wishlist", "cart", "ls /favorites", "ls /stories"]),
  ]

  private func answers(_ shell: Session) -> [String] {
    var seen: [String] = []
    for (person, lines) in Self.screens {
      run(shell, "profile use \(person)")
      for line in lines {
        let outcome = shell.execute(line)
        XCTAssertNil(outcome.error, "\(person): \(line): \(outcome.error?.message ?? "")")
        for format in [OutputFormat.table, .json, .csv] {
          seen.append("\(person) \(line) \(format):\n\(render(outcome, format))")
        }
      }
    }
    run(shell, "profile use me")
    return seen
  }

  func testAnExportImportedIntoAFreshDirectoryAnswersEveryScreenTheSame() throws {
    let first = try session(original)
    populate(first)
    let exported = render(first.execute("export"), .table)
    let before = answers(first)

    let file = original.dataDirectory.appendingPathComponent("all.json")
    try Data(exported.utf8).write(to: file)
    let second = try session(fresh)
    run(second, "import \(file.path)")
    // The fresh directory's export is the same document.
    XCTAssertEqual(render(second.execute("export"), .table), exported)
    let after = answers(second)
    XCTAssertEqual(after.count, before.count)
    for (was, now) in zip(before, after) where was != now {
      XCTFail("differs after the round trip:\n--- before\n\(was)\n--- after\n\(now)")
    }
    // A second import adds nothing.
    XCTAssertEqual(
      render(run(second, "import \(file.path)")[0], .table),
      "Imported \(file.path). Nothing was new.\n")
    // The spot checks the issue names, so that "the same" is not "the same nothing".
    let info = render(second.execute("info show:1"), .json)
    XCTAssertTrue(info.contains(#""tracking":"watching""#) && info.contains(#""myRating":9"#), info)
    XCTAssertTrue(render(second.execute("info /shows/1/S2/E1"), .json).contains(#""myRating":8"#))
    XCTAssertTrue(render(second.execute("ls /toys"), .table).contains("← last visited"))
  }

  func testVersionsOneAndTwoAreStillRead() throws {
    let shell = try session(fresh)
    let one = fresh.dataDirectory.appendingPathComponent("one.json")
    try Data(
      #"""
      {"format":"shelf-export","version":1,"favorites":{"toys":[42],"stories":[],"products":[],"shows":[]},
       "cart":[{"kind":"toy","id":5,"quantity":2}],
       "watched":[{"showId":1,"episodes":[{"id":901,"season":2,"number":1,"watchedAt":"2026-11-01T20:00:00Z"}]}]}
      """#.utf8
    ).write(to: one)
    let two = fresh.dataDirectory.appendingPathComponent("two.json")
    try Data(
      #"""
      {"format":"shelf-export","version":2,"profiles":[
        {"name":"me","favorites":{"toys":[],"stories":[7],"products":[],"shows":[]}},
        {"name":"Mia","born":"2020-05","storiesRead":[7],
         "wishlist":[{"kind":"toy","id":45,"claimedBy":"me"},{"kind":"story","id":8}]}]}
      """#.utf8
    ).write(to: two)
    XCTAssertTrue(
      render(run(shell, "import \(one.path)")[0], .table).contains(
        "1 cart line, 1 favorite and 1 watched episode"))
    let imported = render(run(shell, "import \(two.path)")[0], .table)
    XCTAssertTrue(
      imported.contains("1 profile, 1 favorite, 1 story read, 2 wishes and 1 claim"), imported)
    let favorites = render(shell.execute("ls /favorites"), .json)
    XCTAssertTrue(favorites.contains(#""id":42"#) && favorites.contains(#""id":7"#), favorites)
    XCTAssertTrue(render(shell.execute("ls /profiles/Mia/wishlist"), .table).contains("by you"))
    XCTAssertTrue(render(shell.execute("cart"), .json).contains(#""quantity":2"#))
  }
}

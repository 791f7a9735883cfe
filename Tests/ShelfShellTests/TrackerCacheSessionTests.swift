import Foundation
import ShelfShell
import ShelfStore
import ShelfTestSupport
import XCTest

/// `stats` and /upnext in a new shell read the favourites and the watched marks from their
/// compact copies in the cache directory (`tracker/`) and the followed shows' episodes from the
/// show store, and
/// answer exactly as from the files themselves, whatever happened to the copies, the store or
/// the files since.
final class TrackerCacheSessionTests: XCTestCase {
  private var server: TestHTTPServer!
  private var files: TestLibrary!
  private let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z

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

  /// Six aired episodes of show 1 a week apart, with runtimes and a summary; one to come.
  private func schedule() throws -> Data {
    let episodes = (1...7).map { number -> [String: Any] in
      let date = now.addingTimeInterval(Double(number - 7) * 7 * 86_400 + 3_600)
      let stamp = ISO8601DateFormatter().string(from: date)
      return [
        "id": 900 + number, "name": "Part \(number)", "season": 1, "number": number,
        "airdate": String(stamp.prefix(10)), "airtime": "21:00", "airstamp": stamp,
        "runtime": 40 + number, "rating": ["average": 7.5], "summary": "<p>Long.</p>",
      ]
    }
    return try JSONSerialization.data(withJSONObject: episodes)
  }

  /// A new shell, as `shelf -c` starts one.
  private func newSession() throws -> Session {
    let library = try files.make(baseURL: server.baseURL)
    let now = self.now
    library.now = { now }
    return Session(
      library: library, options: SessionOptions(interactive: false, remembersPosition: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
  }

  private var cacheDirectory: URL { files.dataDirectory.appendingPathComponent("tracker") }

  private func cacheFiles() -> [URL] {
    ((try? FileManager.default.contentsOfDirectory(
      at: cacheDirectory, includingPropertiesForKeys: nil)) ?? []).filter {
        $0.pathExtension == "cache"
      }.sorted { $0.path < $1.path }
  }

  /// `stats` and /upnext as JSON, in a new shell.
  private func answers() throws -> (stats: NSDictionary, upNext: NSDictionary) {
    let session = try newSession()
    return (
      try json(run(session, "stats")) as NSDictionary,
      try json(run(session, "ls /upnext")) as NSDictionary
    )
  }

  /// Follows show 1 and marks its first three episodes, then waits until the files are old
  /// enough to be copied (a copy is made only of a file that changed over a second ago).
  private func followAndMark() throws {
    run(try newSession(), "fav show:1; cd /shows/1/S1; watched --through S01E03")
    Thread.sleep(forTimeInterval: 1.2)
  }

  func testANewShellAnswersFromTheCopiesAsFromTheFiles() throws {
    try followAndMark()
    let fromFiles = try answers()
    XCTAssertEqual(fromFiles.stats["episodes"] as? Int, 3)
    XCTAssertEqual(fromFiles.stats["minutes"] as? Int, 41 + 42 + 43)
    let rows = try XCTUnwrap(fromFiles.upNext["rows"] as? [[String: Any]])
    XCTAssertEqual(rows.count, 1)
    let next = try XCTUnwrap(rows.first)
    XCTAssertEqual(next["code"] as? String, "S01E04")
    XCTAssertEqual(next["name"] as? String, "Part 4")
    XCTAssertEqual(next["runtime"] as? Int, 44)
    XCTAssertEqual(next["rating"] as? Double, 7.5)
    XCTAssertEqual(rows.first?["left"] as? Int, 3)
    XCTAssertEqual(
      cacheFiles().map { String($0.lastPathComponent.prefix(8)) }, ["favorite", "watched-"],
      "the favourites and the marks are copied")

    XCTAssertEqual(try answers().stats, fromFiles.stats)
    XCTAssertEqual(try answers().upNext, fromFiles.upNext)
  }

  func testDamagedTruncatedOrOtherVersionCopiesGiveTheSameAnswers() throws {
    try followAndMark()
    let fromFiles = try answers()
    for (name, damage) in CopyDamage.all(kinds: ["watched-3", "favorites-4"]) {
      _ = try answers()  // copies made again where needed
      let copies = cacheFiles()
      XCTAssertEqual(copies.count, 2, name)
      for copy in copies { try CopyDamage.apply(damage, to: copy) }
      let answered = try answers()
      XCTAssertEqual(answered.stats, fromFiles.stats, name)
      XCTAssertEqual(answered.upNext, fromFiles.upNext, name)
    }
  }

  func testFilesChangedSinceTheCopiesWereMadeAreReadAgain() throws {
    try followAndMark()
    _ = try answers()
    XCTAssertEqual(cacheFiles().count, 2)
    // A second shell marks the fourth episode.
    run(try newSession(), "cd /shows/1/S1; watched 4")
    var answered = try answers()
    XCTAssertEqual(answered.stats["episodes"] as? Int, 4)
    var rows = try XCTUnwrap(answered.upNext["rows"] as? [[String: Any]])
    XCTAssertEqual(rows.first?["code"] as? String, "S01E05")

    // The saved episodes edited by hand: the fifth renamed, its runtime changed.
    let saved = files.dataDirectory.appendingPathComponent("episodes/1.json")
    let text = try String(contentsOf: saved, encoding: .utf8)
    let edited =
      text.replacingOccurrences(of: "\"Part 5\"", with: "\"Part V\"")
      .replacingOccurrences(of: "\"runtime\":41", with: "\"runtime\":91")
    XCTAssertNotEqual(edited, text)
    try Data(edited.utf8).write(to: saved)
    answered = try answers()
    rows = try XCTUnwrap(answered.upNext["rows"] as? [[String: Any]])
    XCTAssertEqual(rows.first?["name"] as? String, "Part V")
    XCTAssertEqual(answered.stats["minutes"] as? Int, 91 + 42 + 43 + 44)
  }

  /// Every file in the cache (the copies, the show store) can be deleted at any moment, even
  /// while a shell runs: what is in it is made again, and offline, from the data directory.
  func testTheCacheCanBeDeletedAtAnyMomentAndNothingIsLost() throws {
    try followAndMark()
    let fromFiles = try answers()
    let session = try newSession()
    XCTAssertEqual(try json(run(session, "stats")) as NSDictionary, fromFiles.stats)
    server.stop()
    for file in [cacheDirectory, files.storeURL]
      + ["-wal", "-shm"].map({
        URL(fileURLWithPath: files.storeURL.path + $0)
      })
    {
      try? FileManager.default.removeItem(at: file)
    }
    XCTAssertEqual(try json(run(session, "stats")) as NSDictionary, fromFiles.stats)
    XCTAssertEqual(try json(run(session, "ls /upnext")) as NSDictionary, fromFiles.upNext)
    try? FileManager.default.removeItem(at: cacheDirectory)
    try? FileManager.default.removeItem(at: files.storeURL)
    XCTAssertEqual(try answers().stats, fromFiles.stats)
    XCTAssertEqual(try answers().upNext, fromFiles.upNext)
  }

  /// A followed show's episodes are kept twice: saved with the favourites for offline use, and
  /// in the show store. No other file holds them.
  func testEpisodesAreKeptTwice() throws {
    try followAndMark()
    _ = try answers()
    _ = try answers()
    // The data, the cache and the show store are all under one directory here.
    let root = files.storeURL.deletingLastPathComponent()
    var holding: [String] = []
    let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      guard let bytes = try? Data(contentsOf: url), bytes.range(of: Data("Part 6".utf8)) != nil
      else { continue }
      holding.append(url.lastPathComponent)
    }
    XCTAssertEqual(
      Set(holding.map { $0.replacingOccurrences(of: "-wal", with: "") }),
      ["1.json", "shows.sqlite"], "\(holding)")
  }
}

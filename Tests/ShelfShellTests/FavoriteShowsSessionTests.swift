import Foundation
import ShelfDomain
import ShelfHTTP
import ShelfShell
import ShelfStore
import ShelfTV
import ShelfTestSupport
import XCTest

/// Favourite shows when the world around them changes, through `Session` against a real HTTP
/// server on 127.0.0.1 and real files: a show renamed by a refresh after it was saved, the
/// network gone after half the favourites were fetched, a season never fetched, a data
/// directory that must not be written by reading.
final class FavoriteShowsSessionTests: XCTestCase {
  private var server: TestHTTPServer!
  private var files: TestLibrary!
  private let now = Date()

  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
  private static let page0 = fixtures.appendingPathComponent(
    "ShelfTVTests/Fixtures/shows-page-0.json")

  override func setUpWithError() throws {
    try super.setUpWithError()
    server = try TestHTTPServer()
    files = try TestLibrary()
    let capture = try Data(
      contentsOf: Self.fixtures.appendingPathComponent(
        "ShelfCatalogTests/Fixtures/show-1-episodes.json"))
    server.route("/shows/1/episodes", always: .json(capture))
    server.route("/shows/2/episodes", always: .json(try schedule(firstID: 2000)))
  }

  override func tearDown() {
    server?.stop()
    server = nil
    files = nil
    super.tearDown()
  }

  private var episodesDirectory: URL {
    files.dataDirectory.appendingPathComponent("episodes", isDirectory: true)
  }

  // MARK: - Following the store

  func testFavoriteShowsFollowARefreshThatRenamesThemAndTheirSavedCopyToo() throws {
    let session = try makeSession()
    run(session, "fav show:1")
    XCTAssertTrue(plain(run(session, "ls /favorites")).contains("Under the Dome"))
    server.route(
      "/shows?page=0",
      always: .json(
        try page0 { show in
          guard show["id"] as? Int == 1 else { return }
          show["name"] = "Dome Reborn"
          show["genres"] = ["Mystery"]
          show["status"] = "Running"
          show["updated"] = (show["updated"] as? Int ?? 0) + 100
        }))
    run(session, "refresh")
    XCTAssertTrue(plain(run(session, "info show:1")).hasPrefix("Dome Reborn"))

    let favorites = plain(run(session, "ls /favorites"))
    XCTAssertTrue(favorites.contains("Dome Reborn"), favorites)
    XCTAssertFalse(favorites.contains("Under the Dome"), favorites)
    let rows = try XCTUnwrap(json(run(session, "ls /favorites"))["rows"] as? [[String: Any]])
    let show = try XCTUnwrap(rows.first { $0["kind"] as? String == "show" })
    XCTAssertEqual(show["genres"] as? [String], ["Mystery"])
    XCTAssertEqual(show["status"] as? String, "Running")

    let upNext = plain(run(session, "next"))
    XCTAssertTrue(row(containing: "show:1", in: upNext).contains("Dome Reborn"), upNext)
    let marked = plain(run(session, "watched 1"))
    XCTAssertTrue(marked.hasPrefix("Dome Reborn S01E01 \"Pilot\": watched.\n"), marked)
    XCTAssertTrue(row(containing: "show:1", in: marked).contains("Dome Reborn"), marked)
    let unmarked = plain(run(session, "unwatched show:1"))
    XCTAssertFalse(unmarked.contains("Under the Dome"), unmarked)
    XCTAssertTrue(row(containing: "show:1", in: unmarked).contains("Dome Reborn"), unmarked)

    // The copy kept for offline use follows too.
    let saved = try UserData(directory: files.dataDirectory).favorites.read().shows
    XCTAssertEqual(saved.map(\.name), ["Dome Reborn"])
    XCTAssertEqual(saved.first?.genres, ["Mystery"])
  }

  // MARK: - Offline

  func testFavFetchesAndSavesTheEpisodesSoThatOfflineListsHaveThem() throws {
    let session = try makeSession()
    let added = session.execute("fav show:2")
    XCTAssertEqual(plain(added), "Added \"Person of Interest\" to favorites.\n")
    XCTAssertEqual(added.warnings, [])
    XCTAssertEqual(server.requestCount("/shows/2/episodes"), 1)
    XCTAssertTrue(
      FileManager.default.fileExists(
        atPath: episodesDirectory.appendingPathComponent("2.json").path))

    server.stop()
    let offline = try makeSession()
    let next = offline.execute("next")
    XCTAssertNil(next.error)
    XCTAssertTrue(row(containing: "show:2", in: plain(next)).contains("S01E01"), plain(next))
    XCTAssertTrue(plain(run(offline, "upcoming")).contains("Episode Six"))
  }

  func testTheNetworkGoneAfterHalfTheFavoritesWereFetchedLeavesOutOnlyTheOthers() throws {
    let session = try makeSession()
    run(session, "fav show:1")
    server.stop()
    let added = session.execute("fav show:2")
    XCTAssertNil(added.error)
    XCTAssertEqual(plain(added), "Added \"Person of Interest\" to favorites.\n")
    XCTAssertEqual(
      added.warnings,
      [
        "episodes of \"Person of Interest\" not saved for offline use: cannot reach TVmaze:"
          + " connection refused"
      ])
    XCTAssertTrue(
      try UserData(directory: files.dataDirectory).favorites.read().contains(
        ItemID(.show, 2)))

    let warning =
      "left out \"Person of Interest\", whose episodes were never fetched: cannot reach TVmaze:"
      + " connection refused"
    for line in ["next", "ls /upnext", "upcoming --days 365"] {
      let outcome = session.execute(line)
      XCTAssertNil(outcome.error, line)
      XCTAssertEqual(outcome.warnings, [warning], line)
    }
    XCTAssertTrue(plain(session.execute("ls /upnext")).contains("Under the Dome"))
    XCTAssertEqual(
      session.execute("episodes show:2").errorMessage,
      "episodes: episodes of \"Person of Interest\": cannot reach TVmaze: connection refused")

    // Nothing at all to show is an error.
    run(session, "unfav show:1 -y")
    let nothing = session.execute("next")
    XCTAssertEqual(
      nothing.errorMessage,
      "next: episodes of \"Person of Interest\": cannot reach TVmaze: connection refused")
  }

  func testGoingToASeasonFetchesItsEpisodesSoThatEveryCommandWorksThereAtOnce() throws {
    let session = try makeSession()
    let outcomes = session.run("cd /shows/1/S1; watched 3")
    XCTAssertEqual(outcomes.compactMap(\.errorMessage), [])
    let marked = outcomes.last.map(plain) ?? ""
    XCTAssertTrue(marked.hasPrefix("Under the Dome S01E03 \"Manhunt\": watched.\n"), marked)
    XCTAssertEqual(server.requestCount("/shows/1/episodes"), 1)
    // A season the show does not have is an error at once.
    let other = try makeSession()
    XCTAssertEqual(
      other.execute("cd /shows/1/S9").errorMessage,
      "cd: no such screen: /shows/1/S9 (/shows/1 has no entry \"S9\")")
    XCTAssertEqual(other.location, .home)
    XCTAssertEqual(
      other.execute("cd /shows/2/S1/E9").errorMessage,
      "cd: no such screen: /shows/2/S1/E9 (season 1 of \"Person of Interest\" has no episode 9)")
  }

  func testAPlaceThatCannotBeConfirmedOfflineIsAnErrorSayingSo() throws {
    server.stop()
    let session = try makeSession()
    let failed = session.execute("cd /shows/6/S1")
    XCTAssertEqual(
      failed.errorMessage,
      "cd: cannot confirm /shows/6/S1 offline (the episodes of \"The 100\" were never fetched):"
        + " cannot reach TVmaze: connection refused")
    XCTAssertEqual(session.location, .home)
    XCTAssertNotNil(session.execute("cd /shows/6/S1/E2").error)
    XCTAssertNil(session.execute("cd /shows/6").error, "the show itself is known")
  }

  // MARK: - Reading never writes

  func testReadingCommandsWriteNothing() throws {
    let session = try makeSession()
    run(session, "fav show:1; fav show:2; next; watched show:1; cd /")
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    let written = try allFiles(in: files.dataDirectory)
    XCTAssertTrue(written.contains { $0.hasSuffix("episodes/1.json") }, "\(written)")
    for path in written {
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
    }
    let reader = try makeSession()
    for line in [
      "next", "upcoming", "ls /upnext", "ls /shows/1", "ls /shows/2/S1", "episodes show:1",
      "ls /favorites", "cd /shows/1/S1", "open 2",
    ] {
      let outcome = reader.execute(line)
      XCTAssertNil(outcome.error, line)
      XCTAssertEqual(outcome.warnings, [], line)
    }
    XCTAssertEqual(try allFiles(in: files.dataDirectory), written)
    for path in written {
      let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate]
      XCTAssertEqual(modified as? Date, old, path)
    }
  }

  func testReadingWorksOnAReadOnlyDataDirectory() throws {
    let session = try makeSession()
    run(session, "fav show:1; fav show:2; next; watched show:1; cd /")
    guard let view = ScratchMount.readOnlyView(of: files.dataDirectory) else {
      throw XCTSkip(ScratchMount.unavailable)
    }
    defer { view.unmount() }
    let reader = try makeSession(dataDirectory: view.url)
    for line in ["next", "upcoming", "ls /shows/1", "ls /upnext", "ls /shows/1/S1"] {
      let outcome = reader.execute(line)
      XCTAssertNil(outcome.error, "\(line): \(outcome.errorMessage ?? "")")
      XCTAssertEqual(outcome.warnings, [], line)
    }
    XCTAssertTrue(plain(reader.execute("next")).contains("Person of Interest"))
  }

  // MARK: - What TVmaze sends

  func testDuplicateEpisodeNumbersKeepTheFirstSoThatTheNumberNamesOne() throws {
    var episodes = try XCTUnwrap(
      JSONSerialization.jsonObject(with: schedule(firstID: 4000)) as? [[String: Any]])
    var duplicate = episodes[0]
    duplicate["id"] = 4999
    duplicate["name"] = "Pilot (again)"
    episodes.insert(duplicate, at: 1)
    server.route(
      "/shows/4/episodes", always: .json(try JSONSerialization.data(withJSONObject: episodes)))
    let session = try makeSession()
    run(session, "cd /shows/4/S1")
    XCTAssertEqual(
      plain(run(session, "watched 1")).components(separatedBy: "\n").first,
      "Arrow S01E01 \"Episode One\": watched.")
    let rows = try XCTUnwrap(json(run(session, "ls"))["rows"] as? [[String: Any]])
    XCTAssertEqual(rows.map { $0["id"] as? Int }, (4000...4007).map { $0 })
  }

  func testBidiAndInvisibleFormatCharactersFromTVmazeNeverReachTheText() throws {
    let marks = "\u{200F}\u{200E}\u{061C}\u{200B}\u{2060}\u{FEFF}\u{2028}"
    server.route(
      "/shows?page=0",
      always: .json(
        try page0 { show in
          guard show["id"] as? Int == 1 else { return }
          show["name"] = "Dome\(marks) Reborn"
          show["genres"] = ["Mys\u{200F}tery"]
          show["summary"] = "<p>A \u{200F}town\u{2066} under a dome.</p>"
        }))
    let session = try makeSession()
    run(session, "refresh; fav show:1")
    for line in ["ls /shows", "info show:1", "ls /favorites", "next", "episodes show:1"] {
      let text = plain(run(session, line))
      XCTAssertTrue(text.contains("Dome Reborn"), "\(line): \(text)")
      let invisible = text.unicodeScalars.filter { marks.unicodeScalars.contains($0) }
      XCTAssertEqual(invisible.map { String($0.value, radix: 16) }, [], line)
    }
  }

  // MARK: - Helpers

  private func makeSession(dataDirectory: URL? = nil) throws -> Session {
    var library = try files.make(baseURL: server.baseURL)
    if let dataDirectory {
      let userData = UserData(directory: dataDirectory)
      library = Library(
        catalog: try TestLibrary.catalog(), shows: library.shows, client: library.client,
        posters: library.posters, userData: userData)
    }
    let now = self.now
    library.now = { now }
    // As in a script: the position is not remembered (`cd` would write it).
    return Session(
      library: library, options: SessionOptions(interactive: false, remembersPosition: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
  }

  /// The shipped first page of shows with `change` applied to each show.
  private func page0(_ change: (inout [String: Any]) -> Void) throws -> Data {
    var shows = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: Self.page0)) as? [[String: Any]])
    for index in shows.indices { change(&shows[index]) }
    return try JSONSerialization.data(withJSONObject: shows)
  }

  /// Eight weekly episodes: five aired, then tomorrow, in 6.5 days and in 20 days.
  private func schedule(firstID: Int) throws -> Data {
    let names = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"]
    let offsets: [Double] = [-35, -28, -21, -14, -7, 1, 6.5, 20]
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    let episodes: [[String: Any]] = zip(names, offsets).enumerated().map { index, pair in
      let date = now.addingTimeInterval(pair.1 * 86_400)
      let airstamp = formatter.string(
        from: Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded() * 60))
      return [
        "id": firstID + index, "name": "Episode \(pair.0)", "season": 1, "number": index + 1,
        "airdate": String(airstamp.prefix(10)), "airtime": "21:00", "airstamp": airstamp,
        "runtime": 45,
      ]
    }
    return try JSONSerialization.data(withJSONObject: episodes)
  }

  /// Every file below `directory`, sorted.
  private func allFiles(in directory: URL) throws -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: directory.path)
    var paths: [String] = []
    while let name = enumerator?.nextObject() as? String {
      let path = directory.appendingPathComponent(name).path
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        paths.append(path)
      }
    }
    return paths.sorted()
  }
}

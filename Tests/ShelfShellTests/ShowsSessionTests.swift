import CTurboJPEG
import Foundation
import ShelfDomain
import ShelfShell
import ShelfStore
import ShelfTV
import ShelfTerminal
import ShelfTestSupport
import XCTest

/// The TV Shows acceptance criteria, end to end through `Session.execute`, against a local
/// HTTP server that serves the real TVmaze captures (their image URLs rewritten to the same
/// server, which serves small JPEGs made here).
final class ShowsSessionTests: XCTestCase {
  private var server: TestHTTPServer!
  private var extraServers: [TestHTTPServer] = []
  private var files: TestLibrary!
  private var failures: FailureSwitch!
  private var page0 = Data()
  private var searchGirls = Data()
  private var jpeg = Data()

  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("ShelfTVTests/Fixtures")

  private static let fetchDescription =
    "An error occurred while fetching data. Do you want to try again?"
  private static let saveDescription =
    "There was a problem saving/deleting this TV Show. Do you want to try again?"
  private static let retryPrompt = "[r] Retry  [c] Cancel: "
  private static let poster1 = "/uploads/images/original_untouched/81/202627.jpg"
  private static let medium1 = "/uploads/images/medium_portrait/81/202627.jpg"

  override func setUpWithError() throws {
    try super.setUpWithError()
    server = try TestHTTPServer()
    files = try TestLibrary()
    failures = FailureSwitch()
    jpeg = try Self.makeJPEG(width: 6, height: 9)
    page0 = try rewritten(
      Data(contentsOf: Self.fixtures.appendingPathComponent("shows-page-0.json")))
    searchGirls = try rewritten(
      Data(contentsOf: Self.fixtures.appendingPathComponent("search-shows-girls.json")))
    installRoutes(on: server)
  }

  override func tearDown() {
    server?.stop()
    for other in extraServers { other.stop() }
    extraServers = []
    server = nil
    files = nil
    super.tearDown()
  }

  // MARK: - List and details from the live server, then offline

  func testRefreshFetchesPageZeroFromTheServerAndShowsListsIt() throws {
    let session = try makeSession()
    XCTAssertTrue(plain(run(session, "ls /shows")).contains("from the shipped snapshot"))

    let refreshed = run(session, "refresh")
    XCTAssertEqual(
      plain(refreshed), "Fetched 240 shows from TVmaze; /shows lists them from now on.\n")
    XCTAssertEqual(server.requestCount("/shows?page=0"), 1)
    XCTAssertTrue(FileManager.default.fileExists(atPath: showsFile.path))

    run(session, "cd /shows")
    let listing = run(session, "ls")
    XCTAssertTrue(plain(listing).hasPrefix("TV shows (240, from your local copy)\n"))
    let rows = try XCTUnwrap(json(listing)["rows"] as? [[String: Any]])
    XCTAssertEqual(rows.count, 240)
    XCTAssertEqual(rows.first?["name"] as? String, "Under the Dome")
    XCTAssertEqual(rows.first?["image"] as? String, serverURL(Self.medium1))
    XCTAssertEqual(rows.last?["id"] as? Int, 249)
    // Nothing but the one page was requested: no posters while images are not drawn.
    XCTAssertEqual(server.targets, ["/shows?page=0"])
  }

  func testAfterRefreshTheShowsAndFavoritesWorkOfflineAndAfterARestart() throws {
    let session = try makeSession()
    run(session, "refresh")
    server.stop()

    let listing = plain(run(session, "ls /shows"))
    XCTAssertTrue(listing.contains("from your local copy"), listing)
    XCTAssertTrue(row(containing: "Under the Dome", in: listing).contains("★") == false)
    run(session, "cd /shows")
    let details = plain(run(session, "open 1"))
    XCTAssertTrue(details.hasPrefix("Under the Dome\n"), details)
    XCTAssertTrue(details.contains("Poster: \(serverURL(Self.poster1))"), details)
    XCTAssertEqual(plain(run(session, "fav 1")), "Added \"Under the Dome\" to favorites.\n")
    let favorites = plain(run(session, "ls /favorites"))
    XCTAssertTrue(row(containing: "show:1", in: favorites).contains("Under the Dome"), favorites)
    XCTAssertTrue(plain(run(session, "info show:1")).hasPrefix("Under the Dome ★\n"))

    // A new shell on the same data directory, still offline.
    let restarted = try makeSession()
    let again = plain(run(restarted, "ls /shows"))
    XCTAssertTrue(again.contains("TV shows (240, from your local copy)"), again)
    XCTAssertTrue(row(containing: "Under the Dome", in: again).hasSuffix("★"), again)
    let favoritesAgain = plain(run(restarted, "ls /favorites"))
    XCTAssertTrue(row(containing: "show:1", in: favoritesAgain).contains("Under the Dome"))
    run(restarted, "cd /favorites")
    XCTAssertTrue(plain(run(restarted, "open show:1")).hasPrefix("Under the Dome ★\n"))
    XCTAssertEqual(restarted.location, .show(id: 1))
    XCTAssertTrue(plain(run(restarted, "info")).contains("Poster: \(serverURL(Self.poster1))"))
    XCTAssertEqual(server.targets, ["/shows?page=0"])
  }

  // MARK: - Rows: Favorite on green, Delete on red

  func testShowRowsSayFavoriteOrDeletePlainAndInColour() throws {
    let session = try makeSession()
    run(session, "refresh")
    run(session, "fav show:2")
    let listing = try XCTUnwrap(run(session, "ls /shows").report)

    let plainText = TextRenderer(style: TerminalStyle(colors: false, width: 200)).render(listing)
    XCTAssertTrue(row(containing: "Under the Dome", in: plainText).contains("★") == false)
    XCTAssertTrue(row(containing: "Person of Interest", in: plainText).hasSuffix("★"))
    XCTAssertFalse(plainText.contains("\u{1B}"))

    let coloured = TextRenderer(style: TerminalStyle(colors: true, width: 200)).render(listing)
    let saveRow = row(containing: "Under the Dome", in: coloured)
    let deleteRow = row(containing: "Person of Interest", in: coloured)
    XCTAssertNotNil(
      saveRow.range(of: #"\x1B\[[0-9;]*42m *Favorite *\x1B\[0m"#, options: .regularExpression),
      saveRow.debugDescription)
    XCTAssertNotNil(
      deleteRow.range(of: #"\x1B\[[0-9;]*41m *Delete *\x1B\[0m"#, options: .regularExpression),
      deleteRow.debugDescription)
    XCTAssertFalse(saveRow.contains("Delete"))
    XCTAssertFalse(deleteRow.contains("Favorite"))

    // Where pictures are not drawn (a pipe), --posters lists the same one line per show.
    let posters = plain(run(session, "ls /shows --posters"))
    XCTAssertEqual(posters, plain(run(session, "ls /shows")))
    // Where they are, each show has its poster (image.medium) beside it.
    // Here the posters come from the API's own host, so they are paced as its calls are (20 in
    // 10 s): a clock that skips the waits keeps the 240 of them from taking two minutes.
    let drawing = try makeSession(drawsImages: true, clock: SkippingClock().clock)
    let drawn = plain(run(drawing, "ls /shows --posters"))
    XCTAssertTrue(drawn.contains("1  Under the Dome"), drawn)
    XCTAssertEqual(server.requestCount(Self.medium1), 1)
  }

  /// `--posters` is the same list as `ls /shows` (its orders, filters and limit), each row
  /// laid out as the table's beside its poster, and only the posters shown are fetched.
  func testThePosterListingIsTheListWithItsOrderFiltersAndLimit() throws {
    run(try makeSession(), "refresh")
    let drawing = try makeSession(drawsImages: true, clock: SkippingClock().clock)
    let style = TerminalStyle(colors: false, width: 160, imagePalette: .trueColor)
    for options in ["--limit 2 --sort rating", "--genre Comedy --limit 3 --reverse"] {
      let before = server.targets.count
      let report = try XCTUnwrap(run(drawing, "ls /shows --posters \(options)").report)
      let drawn = TextRenderer(style: style).render(report)
      let listed = try XCTUnwrap(
        json(run(drawing, "ls /shows \(options)"))["rows"] as? [[String: Any]])
      let table = plain(run(drawing, "ls /shows \(options)"))
      // The heading, then the table's header and each of its rows beside a poster.
      let tableLines = table.split(separator: "\n").map(String.init)
      let drawnLines = drawn.split(separator: "\n").map { TerminalText.sanitize(String($0)) }
      XCTAssertEqual(drawnLines.first, tableLines.first, options)
      for line in tableLines.dropFirst().dropLast() {
        let words = line.split(separator: " ").joined(separator: " ")
        XCTAssertEqual(
          drawnLines.filter { $0.split(separator: " ").joined(separator: " ").hasSuffix(words) }
            .count, 1, "\(options): \(line)\n\(drawn)")
      }
      // The posters of those shows (each once), and no other.
      let posters = Set(
        listed.compactMap {
          ($0["image"] as? String)?.replacingOccurrences(of: serverURL(""), with: "")
        })
      XCTAssertEqual(posters.count, listed.count, options)
      let fetched = server.targets.dropFirst(before).filter { $0.hasPrefix("/uploads/") }
      XCTAssertTrue(Set(fetched).isSubset(of: posters), "\(options): \(fetched)")
      for poster in posters { XCTAssertEqual(server.requestCount(poster), 1, poster) }
    }
  }

  // MARK: - Network failures: script error or retry dialog, nothing lost

  func testTimeoutInAScript() throws {
    let session = try preparedSession(timeout: 1)
    try assertScriptFailure(
      session, failure: slowPage(), kind: .timedOut,
      message:
        "refresh: TVmaze did not answer within 1 s (\(serverURL("/shows?page=0")))")
  }

  func testTimeoutInTheDialog() throws {
    try assertDialogCancelsThenRetries(timeout: 1, failure: slowPage())
  }

  func testConnectionRefusedInAScript() throws {
    let session = try preparedSession()
    let before = try savedState()
    server.stop()
    let outcome = session.execute("refresh")
    assertNetworkError(
      outcome, kind: .noConnection, message: "refresh: cannot reach TVmaze: connection refused")
    try assertNothingLost(session, since: before)
  }

  func testConnectionRefusedInTheDialog() throws {
    let asker = ActingAsker()
    let session = try preparedSession(asker: asker)
    let before = try savedState()
    let port = server.port
    server.stop()

    asker.replies = [{ _ in "c" }]
    XCTAssertEqual(session.execute("refresh").error, .cancelled(""))
    assertFetchDialog(asker.asked)
    XCTAssertTrue(asker.asked.first?.lines.last?.plainText.contains("connection refused") ?? false)
    try assertNothingLost(session, since: before)

    // The server comes back while the dialog is up; Retry then succeeds.
    asker.asked = []
    asker.replies = [
      { [self] _ in
        guard let revived = try? TestHTTPServer(port: port) else { return "c" }
        installRoutes(on: revived)
        extraServers.append(revived)
        return "r"
      }
    ]
    let retried = session.execute("refresh")
    XCTAssertNil(retried.error, retried.errorMessage ?? "")
    XCTAssertEqual(asker.asked.count, 1)
    XCTAssertEqual(extraServers.first?.requestCount("/shows?page=0"), 1)
  }

  /// The dialog's answers are r or retry, c or cancel (and Enter, or none); anything else is
  /// asked again, saying what it takes.
  func testTheRetryDialogAsksAgainForAnythingElse() throws {
    let asker = ActingAsker()
    let session = try preparedSession(asker: asker)
    failures.fail(1, with: .status(500))
    asker.replies = [{ _ in "x" }, { _ in " yes " }, { _ in "RETRY" }]
    XCTAssertNil(session.execute("refresh").error)
    XCTAssertEqual(asker.asked.count, 3)
    XCTAssertEqual(
      asker.asked.dropFirst().map { $0.lines.map(\.plainText) },
      [["Type r to try again or c to cancel."], ["Type r to try again or c to cancel."]])
    XCTAssertEqual(Set(asker.asked.map(\.prompt)), [Self.retryPrompt])
    for answer in ["cancel", "", nil] {
      asker.asked = []
      failures.fail(1, with: .status(500))
      asker.replies = [{ _ in "?" }, { _ in answer }]
      XCTAssertEqual(session.execute("refresh").error, .cancelled(""))
      XCTAssertEqual(asker.asked.count, 2)
    }
  }

  func testHTTP500InAScript() throws {
    let session = try preparedSession()
    try assertScriptFailure(
      session, failure: .status(500), kind: .httpStatus(500),
      message: "refresh: TVmaze answered HTTP 500")
  }

  func testHTTP500InTheDialog() throws {
    try assertDialogCancelsThenRetries(failure: .status(500))
  }

  func testRateLimitWithRetryAfterWaitsThenSucceedsWithoutADialog() throws {
    let asker = ActingAsker()
    let session = try preparedSession(asker: asker)
    let before = server.requestCount("/shows?page=0")
    failures.fail(1, with: .status(429, headers: ["Retry-After": "1"]))
    let start = Date()
    let outcome = session.execute("refresh")
    XCTAssertNil(outcome.error, outcome.errorMessage ?? "")
    XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.9)
    XCTAssertEqual(server.requestCount("/shows?page=0"), before + 2)
    XCTAssertTrue(asker.asked.isEmpty)
  }

  func testRateLimitTwiceInAScript() throws {
    let session = try preparedSession()
    try assertScriptFailure(
      session, failure: .status(429, headers: ["Retry-After": "1"]), requestsPerFailure: 2,
      kind: .rateLimited(retryAfter: 1), message: "refresh: TVmaze rate limit: retry after 1 s")
  }

  func testRateLimitTwiceInTheDialog() throws {
    try assertDialogCancelsThenRetries(
      failure: .status(429, headers: ["Retry-After": "1"]), requestsPerFailure: 2)
  }

  func testTruncatedJSONInAScript() throws {
    let session = try preparedSession()
    let outcome = try assertScriptFailure(
      session, failure: .json(page0.prefix(page0.count / 2)), kind: .badResponse, message: nil)
    let message = outcome.errorMessage ?? ""
    XCTAssertTrue(message.hasPrefix("refresh: TVmaze sent malformed JSON: "), message)
  }

  func testTruncatedJSONInTheDialog() throws {
    try assertDialogCancelsThenRetries(failure: .json(page0.prefix(page0.count / 2)))
  }

  func testOnlineSearchFailureInTheDialogLeavesTheScreen() throws {
    server.route("/search/shows?q=snow", always: .status(500))
    let asker = ActingAsker()
    asker.replies = [{ _ in "" }]  // Enter cancels
    let session = try makeSession(interactive: true, asker: asker)
    run(session, "cd /shows")
    XCTAssertEqual(session.execute("find --online snow").error, .cancelled(""))
    assertFetchDialog(asker.asked)
    XCTAssertEqual(session.location, .shows)
  }

  // MARK: - Online search

  func testOnlineSearchListsResultsThatCanBeOpenedAndSavedForOfflineUse() throws {
    let session = try makeSession()
    run(session, "cd /shows")
    let found = run(session, "find --online girls")
    XCTAssertEqual(server.requestCount("/search/shows?q=girls"), 1)
    XCTAssertEqual(session.location, .onlineSearch("girls"))
    let listing = plain(found)
    XCTAssertTrue(listing.hasPrefix("TVmaze found 10 for \"girls\"\n"), listing)
    XCTAssertTrue(row(containing: "Derry Girls", in: listing).contains("★") == false, listing)

    let details = plain(run(session, "open 139"))
    XCTAssertTrue(details.hasPrefix("Girls\n"), details)
    XCTAssertTrue(details.contains("IMDb       https://www.imdb.com/title/"), details)
    run(session, "back")
    XCTAssertEqual(plain(run(session, "fav 139")), "Added \"Girls\" to favorites.\n")
    XCTAssertEqual(plain(run(session, "fav derry")), "Added \"Derry Girls\" to favorites.\n")
    let relisted = plain(run(session, "ls"))
    XCTAssertTrue(row(containing: "  Girls  ", in: relisted).hasSuffix("★"), relisted)
    XCTAssertTrue(row(containing: "Good Girls", in: relisted).contains("★") == false, relisted)
    XCTAssertEqual(server.requestCount("/search/shows?q=girls"), 1)

    // Offline, in a new shell: the saved shows are listed and open from their saved data.
    server.stop()
    let restarted = try makeSession()
    let favorites = plain(run(restarted, "ls /favorites"))
    XCTAssertTrue(row(containing: "show:139", in: favorites).contains("Girls"), favorites)
    XCTAssertTrue(row(containing: "show:33320", in: favorites).contains("Derry Girls"), favorites)
    XCTAssertTrue(plain(run(restarted, "info show:139")).hasPrefix("Girls ★\n"))
    run(restarted, "cd /favorites")
    run(restarted, "open show:33320")
    XCTAssertEqual(restarted.location, .show(id: 33320))
  }

  // MARK: - Posters

  func testPosterIsDownloadedOnceThenDrawnFromTheCacheWithTheServerStopped() throws {
    let session = try makeSession(drawsImages: true)
    run(session, "refresh")

    let first = try XCTUnwrap(posterFile(run(session, "poster show:1")))
    XCTAssertEqual(server.requestCount(Self.poster1), 1)
    XCTAssertEqual(first.deletingLastPathComponent().standardizedFileURL.path, postersPath)
    XCTAssertEqual(try Data(contentsOf: first), jpeg)
    XCTAssertEqual(try posterFile(run(session, "poster show:1")), first)
    XCTAssertEqual(server.requestCount(Self.poster1), 1)

    server.stop()
    let restarted = try makeSession(drawsImages: true)
    let offline = run(restarted, "poster show:1")
    XCTAssertEqual(try posterFile(offline), first)
    let drawn = TextRenderer(
      style: TerminalStyle(colors: true, width: 80, imagePalette: .ansi256)
    ).render(try XCTUnwrap(offline.report))
    XCTAssertTrue(drawn.contains("\u{2580}"), drawn)
    XCTAssertEqual(server.requestCount(Self.poster1), 1)
  }

  func testPosterWithoutImagesPrintsTheURLAndDownloadsNothing() throws {
    let session = try makeSession(drawsImages: false)
    run(session, "refresh")
    let outcome = run(session, "poster show:1")
    XCTAssertNil(try posterFile(outcome))
    XCTAssertEqual(plain(outcome), "\(serverURL(Self.poster1))\n")
    run(session, "cd /shows")
    run(session, "open 1")
    XCTAssertEqual(server.targets, ["/shows?page=0"])
    XCTAssertFalse(FileManager.default.fileExists(atPath: postersPath))
  }

  // MARK: - Delete confirmation

  func testUnfavoriteAsksAndEnterKeepsTheShowWhileYesRemovesIt() throws {
    let asker = ActingAsker()
    let session = try makeSession(interactive: true, asker: asker)
    run(session, "fav show:1")
    let question = "Remove \"Under the Dome\" from favorites? [y/N] "

    asker.replies = [{ _ in "" }]
    XCTAssertEqual(plain(run(session, "unfav show:1")), "Kept \"Under the Dome\" in favorites.\n")
    XCTAssertEqual(asker.asked.map(\.prompt), [question])
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [1])

    asker.replies = [{ _ in "n" }]
    run(session, "unfav show:1")
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [1])

    asker.replies = [{ _ in "y" }]
    XCTAssertEqual(
      plain(run(session, "unfav show:1")), "Removed \"Under the Dome\" from favorites.\n")
    XCTAssertEqual(asker.asked.map(\.prompt), [question, question, question])
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [])
    XCTAssertFalse(plain(run(session, "ls /favorites")).contains("show:1"))
  }

  func testUnfavoriteInAScriptNeedsYes() throws {
    let session = try makeSession()
    run(session, "fav show:1")
    let outcome = session.execute("unfav show:1")
    XCTAssertEqual(
      outcome.error, .confirmationNeeded("Remove \"Under the Dome\" from favorites?"))
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [1])
    run(session, "unfav show:1 -y")
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [])
  }

  // MARK: - A save that fails on disk

  func testFailedSaveInAScriptLeavesTheFavoritesFileUnchanged() throws {
    let session = try makeSession()
    run(session, "fav show:1")
    let before = try Data(contentsOf: favoritesFile)
    try blockTheFavoritesLock()

    let outcome = session.execute("fav show:2")
    guard case .store(let error)? = outcome.error else {
      return XCTFail("expected a store error, got \(String(describing: outcome.error))")
    }
    XCTAssertEqual(error.path, favoritesFile.path)
    XCTAssertTrue(outcome.errorMessage?.contains("favorites.plist") ?? false)
    XCTAssertEqual(try Data(contentsOf: favoritesFile), before)

    try unblockTheFavoritesLock()
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [1])
    let listing = plain(run(session, "ls /shows"))
    XCTAssertTrue(row(containing: "Person of Interest", in: listing).contains("★") == false)
  }

  func testFailedSaveInTheDialogCancelsOrRetries() throws {
    let asker = ActingAsker()
    let session = try makeSession(interactive: true, asker: asker)
    run(session, "fav show:1")
    let before = try Data(contentsOf: favoritesFile)
    try blockTheFavoritesLock()

    asker.replies = [{ _ in "c" }]
    XCTAssertEqual(session.execute("fav show:2").error, .cancelled(""))
    assertDialog(asker.asked, description: Self.saveDescription)
    XCTAssertTrue(asker.asked.first?.lines.last?.plainText.contains("favorites.plist") ?? false)
    XCTAssertEqual(try Data(contentsOf: favoritesFile), before)

    asker.asked = []
    asker.replies = [
      { [self] _ in
        // The user frees the file, then retries.
        return (try? unblockTheFavoritesLock()) == nil ? "c" : "r"
      }
    ]
    XCTAssertEqual(
      plain(run(session, "fav show:2")), "Added \"Person of Interest\" to favorites.\n")
    assertDialog(asker.asked, description: Self.saveDescription)
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [1, 2])
  }

  func testFailedDeleteInTheDialogKeepsTheShow() throws {
    let asker = ActingAsker()
    let session = try makeSession(interactive: true, asker: asker)
    run(session, "fav show:1")
    let before = try Data(contentsOf: favoritesFile)
    // Reads still work; only saving fails (temporary names cannot be guessed and blocked any
    // more, so the lock is).
    try blockTheFavoritesLock()

    asker.replies = [{ _ in "y" }, { _ in "c" }]
    XCTAssertEqual(session.execute("unfav show:1").error, .cancelled(""))
    XCTAssertEqual(asker.asked.count, 2)
    assertDialog(Array(asker.asked.dropFirst()), description: Self.saveDescription)
    XCTAssertEqual(try Data(contentsOf: favoritesFile), before)
    XCTAssertTrue(plain(run(session, "ls /favorites")).contains("show:1"))

    asker.asked = []
    asker.replies = [
      { _ in "y" },
      { [self] _ in
        (try? unblockTheFavoritesLock()) == nil ? "c" : "r"
      },
    ]
    run(session, "unfav show:1")
    XCTAssertEqual(asker.asked.count, 2)
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [])
  }

  /// The favourites lock cannot be taken: deleting a show should still end in the
  /// saving/deleting dialog (SPEC §4), as saving does.
  func testDeleteWhoseLockFailsEndsInTheDialog() throws {
    let asker = ActingAsker()
    let session = try makeSession(interactive: true, asker: asker)
    run(session, "fav show:1")
    let before = try Data(contentsOf: favoritesFile)
    try blockTheFavoritesLock()

    asker.replies = [{ _ in "y" }, { _ in "c" }]
    let outcome = session.execute("unfav show:1")
    XCTAssertEqual(outcome.error, .cancelled(""), outcome.errorMessage ?? "")
    assertDialog(
      asker.asked.filter { $0.prompt == Self.retryPrompt }, description: Self.saveDescription)
    XCTAssertEqual(try Data(contentsOf: favoritesFile), before)
  }

  // MARK: - Sessions and running

  private var favoritesFile: URL { files.personDirectory.appendingPathComponent("favorites.plist") }
  /// The show store (SQLite): compared with its write-ahead log, where commits go first.
  private var showsFile: URL { files.storeURL }
  private var postersPath: String { files.cacheDirectory.standardizedFileURL.path }

  private func makeSession(
    interactive: Bool = false, drawsImages: Bool = false, timeout: TimeInterval = 2,
    asker: Asking = ScriptedAsker(), opener: URLOpening = RecordingOpener(),
    clock: TVMazeClock = .system
  ) throws -> Session {
    Session(
      library: try files.make(baseURL: server.baseURL, timeout: timeout, clock: clock),
      options: SessionOptions(interactive: interactive, drawsImages: drawsImages), asker: asker,
      opener: opener)
  }

  /// A session (interactive when given an asker) after a successful refresh, with show 1
  /// saved: there is a local copy and a favourite to lose.
  private func preparedSession(timeout: TimeInterval = 2, asker: ActingAsker? = nil) throws
    -> Session
  {
    let session = try makeSession(
      interactive: asker != nil, timeout: timeout, asker: asker ?? ActingAsker())
    run(session, "refresh")
    run(session, "fav show:1")
    return session
  }

  private func posterFile(_ outcome: Outcome) throws -> URL? {
    let report = try XCTUnwrap(outcome.report)
    for case .image(let source) in report.blocks { return source.file }
    XCTFail("no image in the report")
    return nil
  }

  // MARK: - Failure scenarios

  private func slowPage() -> TestHTTPServer.Response {
    var slow = TestHTTPServer.Response.json(page0)
    slow.delay = 3
    return slow
  }

  private struct SavedState {
    var shows: Data
    var favorites: Data
  }

  private func savedState() throws -> SavedState {
    SavedState(shows: try storeBytes(), favorites: try Data(contentsOf: favoritesFile))
  }

  /// The bytes of the store file and of its write-ahead log.
  private func storeBytes() throws -> Data {
    let wal = (try? Data(contentsOf: URL(fileURLWithPath: showsFile.path + "-wal"))) ?? Data()
    return try Data(contentsOf: showsFile) + wal
  }

  /// The local show list and the favourites are as they were, on disk and on screen.
  private func assertNothingLost(
    _ session: Session, since before: SavedState, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    XCTAssertEqual(try storeBytes(), before.shows, file: file, line: line)
    XCTAssertEqual(try Data(contentsOf: favoritesFile), before.favorites, file: file, line: line)
    let listing = plain(run(session, "ls /shows", file: file, lineNumber: line))
    XCTAssertTrue(
      listing.hasPrefix("TV shows (240, from your local copy)"), file: file, line: line)
    XCTAssertTrue(
      row(containing: "Under the Dome", in: listing).hasSuffix("★"), file: file,
      line: line)
    let favorites = plain(run(session, "ls /favorites", file: file, lineNumber: line))
    XCTAssertTrue(favorites.contains("show:1"), favorites, file: file, line: line)
  }

  private func assertNetworkError(
    _ outcome: Outcome, kind: TVMazeError.Kind, message: String?,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    guard case .network(let error, let action)? = outcome.error else {
      return XCTFail(
        "expected a network error, got \(String(describing: outcome.error))", file: file,
        line: line)
    }
    XCTAssertEqual(error.kind, kind, file: file, line: line)
    XCTAssertEqual(action, "", file: file, line: line)
    XCTAssertEqual(outcome.command, "refresh", file: file, line: line)
    if let message {
      XCTAssertEqual(outcome.errorMessage, message, file: file, line: line)
    }
  }

  /// In a script the failed refresh is an error line and changes nothing.
  @discardableResult
  private func assertScriptFailure(
    _ session: Session, failure: TestHTTPServer.Response, requestsPerFailure: Int = 1,
    kind: TVMazeError.Kind, message: String?, file: StaticString = #filePath, line: UInt = #line
  ) throws -> Outcome {
    let before = try savedState()
    let requests = server.requestCount("/shows?page=0")
    failures.fail(requestsPerFailure, with: failure)
    let outcome = session.execute("refresh")
    assertNetworkError(outcome, kind: kind, message: message, file: file, line: line)
    XCTAssertEqual(
      server.requestCount("/shows?page=0"), requests + requestsPerFailure, file: file, line: line)
    try assertNothingLost(session, since: before, file: file, line: line)
    return outcome
  }

  /// In an interactive session: the dialog, Cancel (nothing changes), then a failure again
  /// and Retry, which succeeds.
  private func assertDialogCancelsThenRetries(
    timeout: TimeInterval = 2, failure: TestHTTPServer.Response, requestsPerFailure: Int = 1,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let asker = ActingAsker()
    let session = try preparedSession(timeout: timeout, asker: asker)
    let before = try savedState()

    failures.fail(requestsPerFailure, with: failure)
    asker.replies = [{ _ in "c" }]
    let cancelled = session.execute("refresh")
    XCTAssertEqual(cancelled.error, .cancelled(""), file: file, line: line)
    XCTAssertEqual(cancelled.errorMessage, "refresh: cancelled", file: file, line: line)
    assertFetchDialog(asker.asked, file: file, line: line)
    try assertNothingLost(session, since: before, file: file, line: line)

    asker.asked = []
    let requests = server.requestCount("/shows?page=0")
    failures.fail(requestsPerFailure, with: failure)
    asker.replies = [{ _ in "r" }]
    let retried = session.execute("refresh")
    XCTAssertNil(retried.error, retried.errorMessage ?? "", file: file, line: line)
    XCTAssertEqual(
      plain(retried), "Fetched 240 shows from TVmaze; /shows lists them from now on.\n",
      file: file, line: line)
    XCTAssertEqual(asker.asked.count, 1, file: file, line: line)
    XCTAssertEqual(
      server.requestCount("/shows?page=0"), requests + requestsPerFailure + 1, file: file,
      line: line)
    XCTAssertEqual(try favoriteShowIDsOnDisk(), [1], file: file, line: line)
  }

  private func assertFetchDialog(
    _ asked: [Question], file: StaticString = #filePath, line: UInt = #line
  ) {
    assertDialog(asked, description: Self.fetchDescription, file: file, line: line)
  }

  private func assertDialog(
    _ asked: [Question], description: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(asked.count, 1, "questions: \(asked.map(\.prompt))", file: file, line: line)
    guard let question = asked.first else { return }
    let lines = question.lines.map(\.plainText)
    XCTAssertTrue(lines.contains("Oops, something went wrong"), "\(lines)", file: file, line: line)
    XCTAssertTrue(lines.contains(description), "\(lines)", file: file, line: line)
    XCTAssertEqual(question.prompt, Self.retryPrompt, file: file, line: line)
  }

  // MARK: - Files

  private var lockFile: URL { URL(fileURLWithPath: favoritesFile.path + ".lock") }

  /// Makes `favorites.plist.lock` a directory, so the file cannot be locked (root ignores
  /// permissions, so a chmod would not do).
  private func blockTheFavoritesLock() throws {
    try? FileManager.default.removeItem(at: lockFile)
    try FileManager.default.createDirectory(at: lockFile, withIntermediateDirectories: true)
  }

  private func unblockTheFavoritesLock() throws {
    try FileManager.default.removeItem(at: lockFile)
  }

  private func favoriteShowIDsOnDisk() throws -> [Int] {
    let data = try Data(contentsOf: favoritesFile)
    return try PropertyListDecoder().decode(FavoritesDocument.self, from: data).shows.map(\.id)
  }

  // MARK: - The server

  private func serverURL(_ pathAndQuery: String) -> String {
    server.baseURL.absoluteString + pathAndQuery
  }

  /// The capture with its image URLs pointing at the test server.
  private func rewritten(_ data: Data) -> Data {
    let base = server.baseURL.absoluteString
    let text = String(decoding: data, as: UTF8.self)
      .replacingOccurrences(of: "https://static.tvmaze.com", with: base)
      .replacingOccurrences(of: "http://static.tvmaze.com", with: base)
    return Data(text.utf8)
  }

  /// Page 0 (through the failure switch), the search for "girls", and a small JPEG for every
  /// image URL in them.
  private func installRoutes(on target: TestHTTPServer) {
    let page = page0
    let failures = self.failures!
    target.route("/shows?page=0") { _ in failures.next() ?? .json(page) }
    target.route("/search/shows?q=girls", always: .json(searchGirls))
    let text = String(decoding: page0 + searchGirls, as: UTF8.self)
    let image = TestHTTPServer.Response(
      status: 200, headers: ["Content-Type": "image/jpeg"], body: jpeg)
    var paths = Set<String>()
    for match in text.matches(of: #/"https?://127\.0\.0\.1:[0-9]+(/uploads/[^"]+)"/#) {
      paths.insert(String(match.output.1))
    }
    for path in paths { target.route(path, always: image) }
  }

  /// A small baseline JPEG (a colour gradient) made with TurboJPEG.
  private static func makeJPEG(width: Int, height: Int) throws -> Data {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        pixels += [UInt8(40 * x % 256), UInt8(25 * y % 256), 200]
      }
    }
    guard let handle = tjInitCompress() else { throw JPEGFailure() }
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    let status = pixels.withUnsafeBufferPointer { input in
      tjCompress2(
        handle, input.baseAddress, Int32(width), Int32(width * 3), Int32(height),
        Int32(TJPF_RGB.rawValue), &output, &size, Int32(TJSAMP_444.rawValue), 90, 0)
    }
    defer { tjFree(output) }
    guard status == 0, let output else { throw JPEGFailure() }
    return Data(bytes: output, count: Int(size))
  }

  private struct JPEGFailure: Error {}
}

/// Makes the next N requests for page 0 fail with a given answer; the server's handler threads
/// read it.
private final class FailureSwitch: @unchecked Sendable {
  private let lock = NSLock()
  private var remaining = 0
  private var response = TestHTTPServer.Response.status(500)

  func fail(_ count: Int, with response: TestHTTPServer.Response) {
    lock.lock()
    defer { lock.unlock() }
    remaining = count
    self.response = response
  }

  func next() -> TestHTTPServer.Response? {
    lock.lock()
    defer { lock.unlock() }
    guard remaining > 0 else { return nil }
    remaining -= 1
    return response
  }
}

/// Answers each question with the next closure (which may act first, as a user fixing the
/// problem would), recording what was asked; no closure left means no answer.
private final class ActingAsker: Asking {
  var replies: [(Question) -> String?] = []
  var asked: [Question] = []

  func ask(_ question: Question) -> String? {
    asked.append(question)
    return replies.isEmpty ? nil : replies.removeFirst()(question)
  }
}

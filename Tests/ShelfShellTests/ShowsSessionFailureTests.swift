import CTurboJPEG
import Foundation
import ShelfDomain
import ShelfShell
import ShelfStore
import ShelfTV
import ShelfTerminal
import ShelfTestSupport
import XCTest

extension ShowsSessionTests {
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
}

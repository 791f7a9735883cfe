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
  var server: TestHTTPServer!
  var extraServers: [TestHTTPServer] = []
  var files: TestLibrary!
  var failures: FailureSwitch!
  var page0 = Data()
  var searchGirls = Data()
  var jpeg = Data()

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("ShelfTVTests/Fixtures")

  static let fetchDescription =
    "An error occurred while fetching data. Do you want to try again?"
  static let saveDescription =
    "There was a problem saving/deleting this TV Show. Do you want to try again?"
  static let retryPrompt = "[r] Retry  [c] Cancel: "
  static let poster1 = "/uploads/images/original_untouched/81/202627.jpg"
  static let medium1 = "/uploads/images/medium_portrait/81/202627.jpg"

  override func setUpWithError() throws {
    try super.setUpWithError()
    server = try TestHTTPServer()
    files = try TestLibrary()
    failures = FailureSwitch()
    jpeg = try Self.makeJPEG(width: 6, height: 9)
    let captures = try Self.captures.get()
    page0 = captures.page0.pointing(at: server.baseURL)
    searchGirls = captures.searchGirls.pointing(at: server.baseURL)
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

  // MARK: - Sessions and running

  var favoritesFile: URL { files.personDirectory.appendingPathComponent("favorites.plist") }
  /// The show store (SQLite): compared with its write-ahead log, where commits go first.
  var showsFile: URL { files.storeURL }
  var postersPath: String { files.cacheDirectory.standardizedFileURL.path }

  func makeSession(
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
  func preparedSession(timeout: TimeInterval = 2, asker: ActingAsker? = nil) throws
    -> Session
  {
    let session = try makeSession(
      interactive: asker != nil, timeout: timeout, asker: asker ?? ActingAsker())
    run(session, "refresh")
    run(session, "fav show:1")
    return session
  }

  func posterFile(_ outcome: Outcome) throws -> URL? {
    let report = try XCTUnwrap(outcome.report)
    for case .image(let source) in report.blocks { return source.file }
    XCTFail("no image in the report")
    return nil
  }

  // MARK: - Failure scenarios

  func slowPage() -> TestHTTPServer.Response {
    var slow = TestHTTPServer.Response.json(page0)
    slow.delay = 3
    return slow
  }

  struct SavedState {
    var shows: Data
    var favorites: Data
  }

  func savedState() throws -> SavedState {
    SavedState(shows: try storeBytes(), favorites: try Data(contentsOf: favoritesFile))
  }

  /// The bytes of the store file and of its write-ahead log.
  func storeBytes() throws -> Data {
    let wal = (try? Data(contentsOf: URL(fileURLWithPath: showsFile.path + "-wal"))) ?? Data()
    return try Data(contentsOf: showsFile) + wal
  }

  /// The local show list and the favourites are as they were, on disk and on screen.
  func assertNothingLost(
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

  func assertNetworkError(
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
  func assertScriptFailure(
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
  func assertDialogCancelsThenRetries(
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

  func assertFetchDialog(
    _ asked: [Question], file: StaticString = #filePath, line: UInt = #line
  ) {
    assertDialog(asked, description: Self.fetchDescription, file: file, line: line)
  }

  func assertDialog(
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

  var lockFile: URL { URL(fileURLWithPath: favoritesFile.path + ".lock") }

  /// Makes `favorites.plist.lock` a directory, so the file cannot be locked (root ignores
  /// permissions, so a chmod would not do).
  func blockTheFavoritesLock() throws {
    try? FileManager.default.removeItem(at: lockFile)
    try FileManager.default.createDirectory(at: lockFile, withIntermediateDirectories: true)
  }

  func unblockTheFavoritesLock() throws {
    try FileManager.default.removeItem(at: lockFile)
  }

  func favoriteShowIDsOnDisk() throws -> [Int] {
    let data = try Data(contentsOf: favoritesFile)
    return try PropertyListDecoder().decode(FavoritesDocument.self, from: data).shows.map(\.id)
  }

  // MARK: - The server

  func serverURL(_ pathAndQuery: String) -> String {
    server.baseURL.absoluteString + pathAndQuery
  }

  /// A TVmaze capture split where its image host stands, so that each test's server takes its
  /// place with one join; and the image paths it names. Read once for the class.
  struct Capture {
    private let pieces: [String]
    let imagePaths: Set<String>

    init(_ name: String) throws {
      let text = String(
        decoding: try Data(contentsOf: ShowsSessionTests.fixtures.appendingPathComponent(name)),
        as: UTF8.self
      )
      .replacingOccurrences(of: "http://static.tvmaze.com", with: "https://static.tvmaze.com")
      pieces = text.components(separatedBy: "https://static.tvmaze.com")
      imagePaths = Set(
        pieces.dropFirst().filter { $0.hasPrefix("/uploads/") }.map {
          String($0.prefix { $0 != "\"" })
        })
    }

    /// The capture with its image URLs pointing at `base`.
    func pointing(at base: URL) -> Data { Data(pieces.joined(separator: base.absoluteString).utf8) }
  }

  static let captures = Result {
    (page0: try Capture("shows-page-0.json"), searchGirls: try Capture("search-shows-girls.json"))
  }

  /// Page 0 (through the failure switch), the search for "girls", and a small JPEG for every
  /// image URL in them.
  func installRoutes(on target: TestHTTPServer) {
    let page = page0
    let failures = self.failures!
    target.route("/shows?page=0") { _ in failures.next() ?? .json(page) }
    target.route("/search/shows?q=girls", always: .json(searchGirls))
    let image = TestHTTPServer.Response(
      status: 200, headers: ["Content-Type": "image/jpeg"], body: jpeg)
    guard let captures = try? Self.captures.get() else { return }
    for path in captures.page0.imagePaths.union(captures.searchGirls.imagePaths) {
      target.route(path, always: image)
    }
  }

  /// A small baseline JPEG (a colour gradient) made with TurboJPEG.
  static func makeJPEG(width: Int, height: Int) throws -> Data {
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

  struct JPEGFailure: Error {}
}

import Foundation
import ShelfCatalog
import ShelfHTTP
import ShelfShell
import ShelfStore
import ShelfTV

/// A library on the repository's real catalog with its own temporary data directory, and a
/// TVmaze client pointed at a closed port on 127.0.0.1, so nothing reaches the network.
final class TestLibrary {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let catalogDirectory = repository.appendingPathComponent("catalog")
  nonisolated(unsafe) private static var loadedCatalog: Catalog?

  let dataDirectory: URL
  let cacheDirectory: URL
  /// The show store (beside the poster cache, as in `$XDG_CACHE_HOME/shelf`).
  let storeURL: URL

  /// `dataDirectory`, when given, is the data directory (on a file system of a test's own).
  init(dataDirectory chosen: URL? = nil) throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("shelf-tests-\(UUID().uuidString)")
    dataDirectory = chosen ?? root.appendingPathComponent("data")
    cacheDirectory = root.appendingPathComponent("cache")
    storeURL = root.appendingPathComponent("shows.sqlite")
    try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  /// The first profile's directory (`me`), where favourites, watched marks and the position are.
  var personDirectory: URL {
    dataDirectory.appendingPathComponent("profiles/me", isDirectory: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: cacheDirectory.deletingLastPathComponent())
  }

  /// Starts with a copy of `other`'s show store (its files, closed), so that a new library
  /// need not build one from the snapshot again.
  func copyShowStore(from other: TestLibrary) throws {
    for suffix in ["", "-wal", "-shm"] {
      let source = URL(fileURLWithPath: other.storeURL.path + suffix)
      guard FileManager.default.fileExists(atPath: source.path) else { continue }
      try FileManager.default.copyItem(
        at: source, to: URL(fileURLWithPath: storeURL.path + suffix))
    }
  }

  static func catalog() throws -> Catalog {
    if let loadedCatalog { return loadedCatalog }
    let catalog = try CatalogLoader(directory: catalogDirectory).load()
    loadedCatalog = catalog
    return catalog
  }

  /// A new library over the same files, as a restarted shell would have. `timeout` is the
  /// TVmaze client's request timeout in seconds; `clock` paces its calls.
  func make(
    baseURL: URL = URL(string: "http://127.0.0.1:9")!, timeout: TimeInterval = 2,
    catalog: Catalog? = nil, lazyCatalog: LazyCatalog? = nil, clock: TVMazeClock = .system
  ) throws -> Library {
    let client = TVMazeClient(
      baseURL: baseURL, transport: URLSessionTransport(), timeout: timeout, clock: clock)
    let userData = UserData(directory: dataDirectory)
    userData.removeStaleTemporaries()
    try userData.openProfiles()
    let library = Library(
      catalog: try lazyCatalog ?? LazyCatalog(catalog ?? Self.catalog()),
      shows: ShowLibrary(
        storeURL: storeURL,
        snapshotURL: Self.catalogDirectory.appendingPathComponent("shows.json"),
        legacyCopyURL: userData.showListURL, client: client),
      client: client, posters: PosterCache(directory: cacheDirectory, client: client),
      userData: userData)
    // git, for sync, with a home of its own: no user's settings, never the real home.
    let home = dataDirectory.deletingLastPathComponent().appendingPathComponent("home")
    library.syncSetup = SyncSetup(
      environment: ["PATH": "/usr/bin:/bin", "HOME": home.path, "GIT_CONFIG_NOSYSTEM": "1"],
      device: "test-device")
    return library
  }
}

/// A clock on which waiting takes no time: a wait moves it forward, so the client's pacing
/// of many calls (20 in 10 s) does not hold up a test that makes thousands.
final class SkippingClock: @unchecked Sendable {
  private let lock = NSLock()
  private var seconds: TimeInterval = 0

  var clock: TVMazeClock {
    TVMazeClock(
      now: { [self] in
        lock.lock()
        defer { lock.unlock() }
        return seconds
      },
      sleep: { [self] wait in
        lock.lock()
        defer { lock.unlock() }
        seconds += max(0, wait)
      })
  }
}

/// Answers questions from a queue, recording what was asked.
final class ScriptedAsker: Asking {
  var answers: [String] = []
  var asked: [Question] = []

  func ask(_ question: Question) -> String? {
    asked.append(question)
    return answers.isEmpty ? nil : answers.removeFirst()
  }
}

/// Records the URLs it was asked to open.
final class RecordingOpener: URLOpening {
  var opened: [String] = []

  func open(_ url: String) throws {
    opened.append(url)
  }
}

import Foundation
import ShelfCatalog

/// The show list behind `/shows`: the local copy written by the last successful refresh, or
/// the snapshot shipped in `catalog/` until there is one.
///
/// The list is read once and kept in memory. A local copy that cannot be read falls back to
/// the snapshot with a warning (see `takeWarnings()`). Refreshing writes the local copy
/// atomically, so a failed refresh never changes it.
public final class ShowLibrary {
  public let snapshotURL: URL
  public let localCopyURL: URL
  public let client: TVMazeClient

  /// The side file where `refreshAll` keeps the pages fetched so far.
  public var partialURL: URL {
    localCopyURL.deletingLastPathComponent()
      .appendingPathComponent(localCopyURL.lastPathComponent + ".partial")
  }

  private var loaded: Loaded?
  private var warnings: [String] = []

  private struct Loaded {
    var shows: [Show]
    var fromSnapshot: Bool
    var indexByID: [Int: Int]

    init(shows: [Show], fromSnapshot: Bool) {
      self.shows = shows
      self.fromSnapshot = fromSnapshot
      self.indexByID = Dictionary(
        shows.enumerated().map { ($0.element.id, $0.offset) },
        uniquingKeysWith: { first, _ in first }
      )
    }
  }

  public init(snapshotURL: URL, localCopyURL: URL, client: TVMazeClient) {
    self.snapshotURL = snapshotURL
    self.localCopyURL = localCopyURL
    self.client = client
  }

  // MARK: - Reading

  /// The shows, in the order of the list (TVmaze's: by id).
  public func shows() throws -> [Show] {
    try load().shows
  }

  /// The show with that id in the list, or nil.
  public func show(id: Int) throws -> Show? {
    let list = try load()
    return list.indexByID[id].map { list.shows[$0] }
  }

  /// True while the list comes from the shipped snapshot (no usable local copy yet).
  public var isFromSnapshot: Bool {
    if let loaded { return loaded.fromSnapshot }
    return !FileManager.default.fileExists(atPath: localCopyURL.path)
  }

  /// The warnings gathered since the last call (e.g. a corrupt local copy was ignored), for
  /// the caller to show once.
  public func takeWarnings() -> [String] {
    defer { warnings.removeAll() }
    return warnings
  }

  private func load() throws -> Loaded {
    if let loaded { return loaded }
    let result: Loaded
    if FileManager.default.fileExists(atPath: localCopyURL.path) {
      do {
        result = Loaded(shows: try Self.read(localCopyURL), fromSnapshot: false)
      } catch {
        warnings.append("ignoring the local show list (\(error)); using the shipped snapshot")
        result = Loaded(shows: try Self.read(snapshotURL), fromSnapshot: true)
      }
    } else {
      result = Loaded(shows: try Self.read(snapshotURL), fromSnapshot: true)
    }
    loaded = result
    return result
  }

  private static func read(_ url: URL) throws -> [Show] {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw TVCacheError(kind: .unreadable, path: url.path, detail: reason(error))
    }
    do {
      return try ShowList.decode(data)
    } catch let error as DecodingError {
      throw TVCacheError(kind: .corrupt, path: url.path, detail: TVMazeClient.describe(error))
    }
  }

  // MARK: - Refreshing

  /// Fetches the first page of the show index (`/shows?page=0`), makes it the local copy and
  /// the list in memory, and returns how many shows it has. On any failure the local copy
  /// and the list in memory are unchanged.
  @discardableResult
  public func refresh() throws -> Int {
    guard let page = try client.showsPage(0) else {
      throw TVMazeError(
        kind: .httpStatus(404), url: client.baseURL.absoluteString + "/shows?page=0",
        detail: "not found")
    }
    try replaceLocalCopy(with: page)
    return page.count
  }

  /// Fetches every page of the show index, from page 0 until the first 404, makes the merged
  /// list the local copy and returns how many shows it has.
  ///
  /// After each page, the pages so far are saved next to the local copy (`partialURL`); a
  /// run that fails part way continues next time from the page after the last saved one.
  /// `progress` is called after each page is saved with the page number and the number of
  /// shows fetched so far; when it throws (the user pressed Ctrl-C) the walk stops there, to
  /// go on next time. The side file is removed when the walk completes. On failure the local
  /// copy and the list in memory are unchanged.
  @discardableResult
  public func refreshAll(
    progress: (_ page: Int, _ total: Int) throws -> Void = { _, _ in }
  ) throws -> Int {
    let journal = RefreshJournal(url: partialURL, baseURL: client.baseURL.absoluteString)
    var state = try journal.resume()
    if let warning = state.warning { warnings.append(warning) }
    while let page = try client.showsPage(state.nextPage) {
      try journal.append(page: state.nextPage, shows: page)
      state.shows += page
      try progress(state.nextPage, state.shows.count)
      state.nextPage += 1
    }
    let merged = Self.merged(state.shows)
    try replaceLocalCopy(with: merged)
    journal.remove()
    return merged.count
  }

  private func replaceLocalCopy(with shows: [Show]) throws {
    try DurableFile.write(try Self.encode(shows), to: localCopyURL)
    loaded = Loaded(shows: shows, fromSnapshot: false)
  }

  /// One show per id (the later page wins), ordered by id as the API orders them.
  private static func merged(_ shows: [Show]) -> [Show] {
    var byID: [Int: Show] = [:]
    for show in shows { byID[show.id] = show }
    return byID.values.sorted { $0.id < $1.id }
  }

  private static func encode<T: Encodable>(_ value: T) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
  }

  /// "No such file or directory" rather than Foundation's "The operation could not be
  /// completed…".
  private static func reason(_ error: Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error,
      (underlying as NSError).domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32((underlying as NSError).code)))
    }
    return nsError.localizedDescription
  }
}

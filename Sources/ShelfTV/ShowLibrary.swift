import Foundation
import ShelfCatalog
import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The show list behind `/shows`, kept in an indexed SQLite file (`ShowStore`) that a command
/// opens without reading it whole, and brought up to date from TVmaze by `refresh`.
///
/// The file is a cache: when it is missing it is filled from the snapshot shipped in
/// `catalog/` (or, once, from the JSON copy an older shelf kept in the data directory), and a
/// damaged one is set aside and rebuilt. Every refresh writes one transaction per page (or per
/// show), none for a failed fetch, so a failure leaves the store as it was and an interrupted
/// full pass goes on from the next page.
public final class ShowLibrary {
  /// No full pass fetches more pages than this, whatever the API answers.
  public static let pageCap = 2000
  /// Shows per page of TVmaze's index (page N holds ids 250·N to 250·N + 249).
  public static let pageSize = 250

  public let storeURL: URL
  public let snapshotURL: URL
  /// The JSON show list of an older shelf (`<data dir>/shows.json`), imported once.
  public let legacyCopyURL: URL?
  public let client: TVMazeClient
  private let now: () -> Date
  private var opened: ShowStore?
  private var warnings: [String] = []

  public init(
    storeURL: URL, snapshotURL: URL, legacyCopyURL: URL? = nil, client: TVMazeClient,
    now: @escaping () -> Date = Date.init
  ) {
    self.storeURL = storeURL
    self.snapshotURL = snapshotURL
    self.legacyCopyURL = legacyCopyURL
    self.client = client
    self.now = now
  }

  /// Where an imported legacy copy is moved so that it is not imported again.
  public var importedLegacyURL: URL? {
    legacyCopyURL.map { URL(fileURLWithPath: $0.path + ".imported") }
  }

  // MARK: - Reading

  /// How many shows the list has.
  public func count() throws -> Int {
    try guarded { try store().count() }
  }

  /// A value that changes whenever the list of shows may have: a write by this shell or a
  /// commit by another process (SQLite's data version). Whoever keeps something built from
  /// the list (find's word index) builds it again when this differs.
  public func listVersion() throws -> ShowListVersion {
    try guarded {
      let store = try store()
      let dataVersion = try store.database.scalarInt("PRAGMA data_version") ?? 0
      return ShowListVersion(
        store: ObjectIdentifier(store), ownChanges: store.database.totalChanges,
        dataVersion: dataVersion)
    }
  }

  /// The show with that id, or nil.
  public func show(id: Int) throws -> Show? {
    try guarded { try store().show(id: id) }
  }

  /// Up to `limit` shows with an id above `afterID`, in id order: page through the list with
  /// the last id of each page.
  public func shows(afterID: Int = 0, limit: Int) throws -> [Show] {
    try guarded { try store().shows(afterID: afterID, limit: limit) }
  }

  /// Like `shows(afterID:limit:)` without decoding the shows: id, name, rating, genres.
  public func rows(afterID: Int = 0, limit: Int) throws -> [ShowRow] {
    try guarded { try store().rows(afterID: afterID, limit: limit) }
  }

  /// Calls `body` with every row in id order, `batch` rows read at a time.
  public func forEachRow(batch: Int = 500, _ body: (ShowRow) throws -> Void) throws {
    var last = Int.min
    while true {
      let rows = try self.rows(afterID: last, limit: batch)
      for row in rows { try body(row) }
      guard let final = rows.last, rows.count == batch else { return }
      last = final.id
    }
  }

  /// The fields `search` looks in.
  public enum SearchFields: Sendable {
    /// Name and genres (what `find` matches).
    case nameAndGenres
    /// Name, genres and summary text.
    case all
  }

  /// Shows in which every word of `text` starts a word of the searched fields (case- and
  /// accent-insensitive), in id order. Text without any letter or digit finds nothing.
  public func search(_ text: String, in fields: SearchFields = .all, limit: Int = 1000) throws
    -> [ShowRow]
  {
    let words = SearchKey.fold(text).split { !($0.isLetter || $0.isNumber) }
    guard !words.isEmpty else { return [] }
    let query = words.map { "\"\($0)\"*" }.joined(separator: " AND ")
    let index: ShowStore.TextIndex = fields == .nameAndGenres ? .title : .text
    return try guarded { try store().rows(matching: query, in: index, limit: limit) }
  }

  /// A show's episodes as kept in the store, with the show's stamp when they were fetched.
  public func keptEpisodes(showID: Int) throws -> (updated: Int?, episodes: [Episode])? {
    try guarded {
      guard let kept = try store().episodes(showID: showID) else { return nil }
      return (kept.updated, try JSONDecoder().decode([Episode].self, from: kept.json))
    }
  }

  /// Keeps a show's episodes in the store, with the show's stamp.
  public func keepEpisodes(showID: Int, updated: Int?, episodes: [Episode]) throws {
    try guarded {
      try store().setEpisodes(
        showID: showID, updated: updated, json: try JSONCoding.encoder().encode(episodes))
    }
  }

  /// Shows whose folded name (`SearchKey.name`) starts with `prefix`'s, by folded name. When
  /// more match than `limit`, the last one in that order is kept as the last row, so the
  /// rows' common prefix is the same as all matches'.
  public func completions(namePrefix prefix: String, limit: Int) throws -> [ShowRow] {
    let key = SearchKey.name(prefix)
    guard !key.isEmpty, limit > 0 else { return [] }
    return try guarded {
      let store = try store()
      var rows = try store.rows(column: .folded, prefix: key, limit: limit + 1)
      if rows.count > limit, let last = try store.lastRow(column: .folded, prefix: key) {
        rows.removeLast(2)
        rows.append(last)
      }
      return rows
    }
  }

  /// Shows whose id written in decimal starts with `prefix`, in id order.
  public func completions(idPrefix prefix: String, limit: Int) throws -> [ShowRow] {
    guard !prefix.isEmpty, prefix.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), prefix.count < 10,
      let start = Int(prefix), limit > 0
    else { return [] }
    if start == 0 { return [] }
    return try guarded {
      let store = try store()
      var rows: [ShowRow] = []
      // 12 → 12, 120…129, 1200…1299, … while ids of that length can exist.
      var low = start
      var high = start
      while rows.count < limit && low <= Int(Int32.max) {
        rows += try store.rows(ids: low...high, limit: limit - rows.count)
        low *= 10
        high = high * 10 + 9
      }
      return rows
    }
  }

  /// Shows whose slug (`SearchKey.slug`) starts with `prefix`'s slug, by slug.
  public func rows(slugPrefix prefix: String, limit: Int) throws -> [ShowRow] {
    let slug = SearchKey.slug(prefix)
    guard !slug.isEmpty else { return [] }
    return try guarded { try store().rows(column: .slug, prefix: slug, limit: limit) }
  }

  /// Shows whose slug is exactly `text`'s slug.
  public func rows(slug text: String, limit: Int) throws -> [ShowRow] {
    let slug = SearchKey.slug(text)
    guard !slug.isEmpty else { return [] }
    return try guarded { try store().rows(column: .slug, equalTo: slug, limit: limit) }
  }

  /// True while the list is the shipped snapshot (nothing fetched from this API yet).
  public var isFromSnapshot: Bool {
    (try? guarded { try store().meta(Meta.source) != Meta.api }) ?? true
  }

  /// True when a full pass has completed, so that `refresh` syncs incrementally.
  public var hasFullIndex: Bool {
    (try? guarded { try isCurrentAPI(store()) && store().meta(Meta.fullSync) != nil }) ?? false
  }

  /// The page an unfinished full pass goes on from, if there is one.
  public var unfinishedPassPage: Int? {
    try? guarded {
      let store = try store()
      guard try isCurrentAPI(store) else { return nil }
      return try store.meta(Meta.nextPage).flatMap { Int($0) }
    }
  }

  /// The warnings gathered since the last call (a damaged store rebuilt, an old copy that
  /// could not be imported), for the caller to show once.
  public func takeWarnings() -> [String] {
    defer { warnings.removeAll() }
    return warnings
  }

  // MARK: - Refreshing

  /// Brings the list up to date. With a full index from this API, asks
  /// `GET /updates/shows` for the smallest window covering the last sync and fetches only the
  /// shows that changed, plus the pages past the highest known id (a last sync older than a
  /// month means a full pass). Without one, fetches the first page and merges it. Never
  /// removes shows; a failure leaves the store as it was.
  @discardableResult
  public func refresh() throws -> RefreshOutcome {
    let store = try guarded { try self.store() }
    let lastSync = try guarded { () -> Double? in
      guard try isCurrentAPI(store), try store.meta(Meta.fullSync) != nil else { return nil }
      return try store.meta(Meta.lastSync).flatMap(Double.init)
    }
    guard let lastSync else { return try mergeFirstPage(store) }
    guard let window = UpdateWindow.covering(now().timeIntervalSince1970 - lastSync) else {
      try guarded { try store.setMeta(Meta.nextPage, nil) }
      return try refreshAll()
    }
    return try syncIncrementally(store, window: window)
  }

  /// A full pass over the show index from page 0 until TVmaze's first 404, each page committed
  /// as it arrives; an unfinished pass goes on from its next page. Stops after `maxPages`
  /// pages (and at page `pageCap`), to go on next time. `progress` is called after each page
  /// with its number and the shows in the store; when it throws (Ctrl-C) the pass stops there.
  /// A 404 for page 0 is an error: the store is left as it was.
  @discardableResult
  public func refreshAll(
    maxPages: Int? = nil, progress: (_ page: Int, _ total: Int) throws -> Void = { _, _ in }
  ) throws -> RefreshOutcome {
    let store = try guarded { try self.store() }
    var outcome = RefreshOutcome(kind: .fullPass)
    var page = try guarded {
      try isCurrentAPI(store) ? (store.meta(Meta.nextPage).flatMap { Int($0) } ?? 0) : 0
    }
    let budget = max(0, min(maxPages ?? Self.pageCap, Self.pageCap))
    var fetchedPages = 0
    var reachedEnd = false
    while fetchedPages < budget && page < Self.pageCap {
      guard let result = try client.indexPage(page) else {
        if page == 0 { throw notFound(page: 0) }
        reachedEnd = true
        break
      }
      let started = now().timeIntervalSince1970
      try guarded {
        try store.database.transaction {
          try adoptCurrentAPI(store)
          if try page == 0 || store.meta(Meta.passStarted) == nil {
            try store.setMeta(Meta.passStarted, String(started))
          }
          try merge(result, into: store, outcome: &outcome)
          try store.setMeta(Meta.nextPage, String(page + 1))
        }
      }
      fetchedPages += 1
      outcome.total = try count()
      try progress(page, outcome.total)
      page += 1
    }
    if reachedEnd {
      try guarded {
        try store.database.transaction {
          let started = try store.meta(Meta.passStarted) ?? String(now().timeIntervalSince1970)
          try store.setMeta(Meta.fullSync, String(now().timeIntervalSince1970))
          try store.setMeta(Meta.lastSync, started)
          try store.setMeta(Meta.nextPage, nil)
          try store.setMeta(Meta.passStarted, nil)
        }
      }
    } else {
      outcome.nextPage = page
    }
    outcome.total = try count()
    outcome.unchanged = outcome.total - outcome.new - outcome.updated
    return outcome
  }

  private func mergeFirstPage(_ store: ShowStore) throws -> RefreshOutcome {
    guard let page = try client.indexPage(0) else { throw notFound(page: 0) }
    var outcome = RefreshOutcome(kind: .firstPage)
    try guarded {
      try store.database.transaction {
        try adoptCurrentAPI(store)
        try merge(page, into: store, outcome: &outcome)
      }
    }
    outcome.total = try count()
    outcome.unchanged = outcome.total - outcome.new - outcome.updated
    return outcome
  }

  private func syncIncrementally(_ store: ShowStore, window: UpdateWindow) throws
    -> RefreshOutcome
  {
    let started = now().timeIntervalSince1970
    var outcome = RefreshOutcome(kind: .incremental(window))
    let stamps = try client.updatedShows(since: window)
    let highest = try guarded { try store.maxID() } ?? 0
    for (id, stamp) in stamps.sorted(by: { $0.key < $1.key }) where id <= highest {
      let stored = try guarded { try store.stamp(id: id) }
      if let stored, let storedStamp = stored, storedStamp >= stamp { continue }
      let show: Show
      do {
        show = try client.show(id: id)
      } catch let error as TVMazeError where error.kind == .httpStatus(404) {
        outcome.skipped += 1
        continue
      }
      try guarded {
        try store.database.transaction {
          try merge(ShowPage(shows: [show]), into: store, outcome: &outcome)
        }
      }
    }
    var page = highest / Self.pageSize
    while page < Self.pageCap, let result = try client.indexPage(page) {
      try guarded {
        try store.database.transaction { try merge(result, into: store, outcome: &outcome) }
      }
      page += 1
    }
    try guarded { try store.setMeta(Meta.lastSync, String(started)) }
    outcome.total = try count()
    outcome.unchanged = outcome.total - outcome.new - outcome.updated
    return outcome
  }

  /// Writes a page's shows, counting what changed; call inside a transaction.
  private func merge(_ page: ShowPage, into store: ShowStore, outcome: inout RefreshOutcome)
    throws
  {
    outcome.skipped += page.skipped
    outcome.fetched += page.shows.count
    for show in page.shows {
      switch try store.upsert(show) {
      case .new: outcome.new += 1
      case .updated: outcome.updated += 1
      case .unchanged: break
      }
    }
  }

  /// Makes the store this API's list: rows from the snapshot or another API are replaced by
  /// the first page written. Call inside a transaction.
  private func adoptCurrentAPI(_ store: ShowStore) throws {
    guard try !isCurrentAPI(store) else { return }
    try store.deleteAll()
    for key in [Meta.fullSync, Meta.lastSync, Meta.nextPage, Meta.passStarted] {
      try store.setMeta(key, nil)
    }
    try store.setMeta(Meta.source, Meta.api)
    try store.setMeta(Meta.apiURL, client.baseURL.absoluteString)
  }

  private func isCurrentAPI(_ store: ShowStore) throws -> Bool {
    try store.meta(Meta.source) == Meta.api
      && store.meta(Meta.apiURL) == client.baseURL.absoluteString
  }

  private func notFound(page: Int) -> TVMazeError {
    var base = client.baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    return TVMazeError(
      kind: .httpStatus(404), url: base + "/shows?page=\(page)", detail: "not found")
  }

  // MARK: - Opening

  private enum Meta {
    static let source = "source"
    static let snapshot = "snapshot"
    static let api = "api"
    static let apiURL = "apiURL"
    static let fullSync = "fullSync"
    static let lastSync = "lastSync"
    static let nextPage = "nextPage"
    static let passStarted = "passStarted"
  }

  /// The open store, opened (created, migrated, filled) on first use.
  private func store() throws -> ShowStore {
    if let opened { return opened }
    let directory = storeURL.deletingLastPathComponent()
    do {
      // Private, as the data directory: the cache tells which shows someone follows.
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: DurableFile.directoryMode])
    } catch {
      throw TVCacheError(kind: .unwritable, path: directory.path, detail: "cannot create directory")
    }
    let store = try openFile()
    try importLegacyCopy(into: store)
    if try store.meta(Meta.source) == nil {
      let shows = try Self.read(snapshotURL)
      try store.database.transaction {
        guard try store.meta(Meta.source) == nil else { return }
        for show in shows { try store.upsert(show) }
        try store.setMeta(Meta.source, Meta.snapshot)
      }
    }
    opened = store
    return store
  }

  /// Opens the file; a damaged one is set aside and a new one created.
  private func openFile() throws -> ShowStore {
    do {
      let store = try ShowStore(path: storeURL.path)
      _ = try store.meta(Meta.source)
      return store
    } catch let error as SQLiteError where error.isCorruptFile {
      setAside(reason: error.message)
      return try ShowStore(path: storeURL.path)
    }
  }

  /// Moves a damaged store (and its WAL files) aside, so that a new one is built.
  private func setAside(reason: String) {
    let path = storeURL.path
    let aside = path + ".damaged"
    _ = unlink(aside)
    _ = rename(path, aside)
    _ = unlink(path + "-wal")
    _ = unlink(path + "-shm")
    warnings.append(
      "the show store \(path) was damaged (\(reason)); moved to \(aside) and rebuilt")
  }

  /// Imports the JSON copy an older shelf kept, once: it is renamed aside afterwards. One
  /// that cannot be read is renamed aside too, with a warning.
  private func importLegacyCopy(into store: ShowStore) throws {
    guard let legacyCopyURL, let importedLegacyURL,
      FileManager.default.fileExists(atPath: legacyCopyURL.path)
    else { return }
    do {
      let shows = try Self.read(legacyCopyURL)
      try store.database.transaction {
        try adoptCurrentAPI(store)
        for show in shows { try store.upsert(show) }
      }
    } catch let error as TVCacheError {
      warnings.append("ignoring the old show list (\(error)); using the shipped snapshot")
    }
    _ = rename(legacyCopyURL.path, importedLegacyURL.path)
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

  /// Runs a store operation, turning SQLite's errors and undecodable rows into
  /// `TVCacheError`s that name the file.
  /// Runs `body` on the store; a store found damaged while it is used (not only when it is
  /// opened) is set aside and rebuilt, and `body` runs once more on the new one.
  private func guarded<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError where error.isCorruptFile {
      opened = nil
      setAside(reason: error.message)
      return try guardedOnce(body)
    } catch let error as SQLiteError {
      throw TVCacheError(kind: .database, path: storeURL.path, detail: error.description)
    } catch let error as DecodingError {
      throw TVCacheError(kind: .corrupt, path: storeURL.path, detail: TVMazeClient.describe(error))
    }
  }

  private func guardedOnce<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError {
      throw TVCacheError(kind: .database, path: storeURL.path, detail: error.description)
    } catch let error as DecodingError {
      throw TVCacheError(kind: .corrupt, path: storeURL.path, detail: TVMazeClient.describe(error))
    }
  }

  /// "No such file or directory" rather than Foundation's "The operation could not be
  /// completed…".
  private static func reason(_ error: Error) -> String {
    FileError.systemReason(error)
  }
}

/// See `ShowLibrary.listVersion()`.
public struct ShowListVersion: Hashable, Sendable {
  /// The opened file (a damaged one set aside is replaced by a new one).
  let store: ObjectIdentifier
  let ownChanges: Int
  let dataVersion: Int
}

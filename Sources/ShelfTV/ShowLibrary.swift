import Foundation
import ShelfDomain
import ShelfSearch
import ShelfStorage

/// The show list behind `/shows`, kept in an indexed SQLite file (`ShowStore`) that a command
/// opens without reading it whole, and brought up to date from TVmaze by `refresh`
/// (`ShowRefresher`).
///
/// The file is a cache: when it is missing it is filled from the snapshot shipped in
/// `catalog/` (or, once, from the JSON copy an older shelf kept in the data directory), and a
/// damaged one is set aside and rebuilt (`ShowStoreFile`). A store that cannot be used for
/// another reason (a directory in its place, a read-only or full disk) is an error naming the
/// file and the reason, never an empty list.
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
  private let file: ShowStoreFile
  private var opened: ShowStore?
  /// The words find scans, with the version of the list they were read from.
  private var keptVocabulary: (version: ShowListVersion, vocabulary: WordVocabulary)?

  public init(
    storeURL: URL, snapshotURL: URL, legacyCopyURL: URL? = nil, client: TVMazeClient,
    now: @escaping () -> Date = Date.init
  ) {
    self.storeURL = storeURL
    self.snapshotURL = snapshotURL
    self.legacyCopyURL = legacyCopyURL
    self.client = client
    self.now = now
    file = ShowStoreFile(
      url: storeURL, snapshotURL: snapshotURL,
      legacyImport: legacyCopyURL.map(LegacyShowListImport.init(url:)),
      source: ShowStoreSource(apiURL: client.baseURL.absoluteString))
  }

  /// Where an imported legacy copy is moved so that it is not imported again.
  public var importedLegacyURL: URL? {
    legacyCopyURL.map { LegacyShowListImport(url: $0).importedURL }
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

  /// The rows of the shows with these ids (those the store has), in id order.
  public func rows(ids: [Int]) throws -> [ShowRow] {
    try guarded { try store().rows(ids: ids) }
  }

  /// The shows of `ids` the store has, with only their id, name, genres, status and runtimes
  /// (see `ShowStore.briefShows`).
  public func briefShows(ids: [Int]) throws -> [Show] {
    try guarded { try store().briefShows(ids: ids) }
  }

  /// The rows a listing asks for (`ls /shows --sort rating --genre Drama`), in its order.
  public func rows(_ query: ShowListQuery) throws -> [ShowRow] {
    try guarded { try store().rows(query) }
  }

  /// How many shows a listing's filters keep (`/shows` with a child active: how many fit).
  public func count(_ query: ShowListQuery) throws -> Int {
    try guarded { try store().count(query) }
  }

  /// How wide a show list's columns must be for every show of the store.
  public func listWidths() throws -> ShowListWidths {
    try guarded { try store().listWidths() }
  }

  /// Every row in id order, stepped one at a time (`ls /shows` printed without colours).
  public func listCursor() throws -> ShowListCursor {
    try guarded { try ShowListCursor(database: store().database) }
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

  /// `find` over names and genres, from the store's word index: the shows matching every
  /// word of `text` (the word itself, a word starting with it, containing it, or a typo of
  /// it), best tier first, ties by folded name, then id, as the catalog's find ranks them.
  /// Reads the postings of the words matched, which carry the shows' rows in that order of
  /// ties, never every show. Nil when the index cannot answer: text without a word, or shows
  /// written since their words were indexed.
  public func find(_ text: String) throws -> [ShowMatch]? {
    let terms = SearchKey.words(in: text)
    guard !terms.isEmpty else { return nil }
    return try guarded { () -> [ShowMatch]? in
      let store = try store()
      guard try store.words.isComplete() else { return nil }
      return try store.words.find(terms, in: try vocabulary(of: store))
    }
  }

  /// The store's vocabulary, read once for each version of the list.
  private func vocabulary(of store: ShowStore) throws -> WordVocabulary {
    let version = try listVersion()
    if let kept = keptVocabulary, kept.version == version { return kept.vocabulary }
    let vocabulary = try store.words.vocabulary()
    keptVocabulary = (version, vocabulary)
    return vocabulary
  }

  /// A show's episode list as kept in the store, without its episodes.
  public func keptEpisodeList(showID: Int) throws -> KeptEpisodeList? {
    try guarded { try store().episodes.list(showID: showID) }
  }

  /// A show's episodes as kept in the store, with the show's stamp when they were fetched.
  public func keptEpisodes(showID: Int) throws -> (updated: Int?, episodes: [Episode])? {
    try guarded {
      let store = try store()
      guard let list = try store.episodes.list(showID: showID) else { return nil }
      return (list.updated, try store.episodes.episodes(showID: showID))
    }
  }

  /// The outlines of a show's episodes as kept in the store (nil when it keeps none), each
  /// episode decoded only when it is asked for (one that cannot be read is made of its
  /// outline).
  public func keptOutlines(showID: Int) throws -> EpisodeOutlines? {
    try guarded {
      guard let outlines = try store().episodes.outlines(showID: showID) else { return nil }
      return EpisodeOutlines(outlines: outlines) { [weak self] position in
        let outline = outlines[position]
        let decoded = try? self?.keptEpisode(showID: showID, position: position)
        guard let decoded, decoded.id == outline.id else { return outline.episode }
        return decoded
      }
    }
  }

  private func keptEpisode(showID: Int, position: Int) throws -> Episode? {
    try guarded { try store().episodes.episode(showID: showID, position: position) }
  }

  /// Keeps a show's episodes in the store, with the show's stamp and the identity of the
  /// saved file they were read from (nil: fetched).
  public func keepEpisodes(
    showID: Int, updated: Int?, episodes: [Episode], source: SourceIdentity? = nil
  ) throws {
    try guarded {
      let store = try store()
      try store.database.transaction {
        try store.episodes.replace(
          showID: showID, updated: updated, episodes: episodes, source: source)
      }
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
    get throws {
      try guarded { try store().meta(ShowStoreMeta.source) != ShowStoreMeta.api }
    }
  }

  /// True when a full pass has completed, so that `refresh` syncs incrementally.
  public var hasFullIndex: Bool {
    get throws {
      try guarded {
        let store = try store()
        return try file.source.isCurrent(store) && store.meta(ShowStoreMeta.fullSync) != nil
      }
    }
  }

  /// The page an unfinished full pass goes on from, if there is one.
  public var unfinishedPassPage: Int? {
    get throws {
      try guarded {
        let store = try store()
        guard try file.source.isCurrent(store) else { return nil }
        return try store.meta(ShowStoreMeta.nextPage).flatMap { Int($0) }
      }
    }
  }

  /// The warnings gathered since the last call (a damaged store rebuilt, an old copy that
  /// could not be imported), for the caller to show once.
  public func takeWarnings() -> [String] {
    file.takeWarnings()
  }

  // MARK: - Refreshing

  /// Brings the list up to date. With a full index from this API, asks
  /// `GET /updates/shows` for the smallest window covering the last sync and fetches only the
  /// shows that changed, plus the pages past the highest known id (a last sync older than a
  /// month means a full pass). Without one, fetches the first page and merges it. Never
  /// removes shows; a failure leaves the store as it was.
  @discardableResult
  public func refresh() throws -> RefreshOutcome {
    try guarded { try refresher().refresh() }
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
    try guarded { try refresher().refreshAll(maxPages: maxPages, progress: progress) }
  }

  private func refresher() throws -> ShowRefresher {
    ShowRefresher(store: try store(), client: client, source: file.source, now: now)
  }

  // MARK: - Opening

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
    let store = try file.openStore()
    opened = store
    return store
  }

  /// Runs `body` on the store, turning SQLite's errors and undecodable rows into
  /// `TVCacheError`s that name the file. A store found damaged while it is used (not only when
  /// it is opened) is set aside and rebuilt, and `body` runs once more on the new one: `body`
  /// asks for `store()` itself, so that it gets the new one.
  private func guarded<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError where error.isCorruptFile {
      opened = nil
      file.setAside(reason: error.message)
      return try guardedOnce(body)
    } catch let error as SQLiteError {
      throw cacheError(error)
    } catch let error as DecodingError {
      throw TVCacheError(kind: .corrupt, path: storeURL.path, detail: TVMazeClient.describe(error))
    }
  }

  private func guardedOnce<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError {
      throw cacheError(error)
    } catch let error as DecodingError {
      throw TVCacheError(kind: .corrupt, path: storeURL.path, detail: TVMazeClient.describe(error))
    }
  }

  private func cacheError(_ error: SQLiteError) -> TVCacheError {
    TVCacheError(kind: .database, path: storeURL.path, detail: error.description)
  }
}

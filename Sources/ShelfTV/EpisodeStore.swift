import Foundation
import ShelfDomain
import ShelfFiles
import ShelfStorage

/// The episodes of shows, kept after their first fetch and fetched again only when the show's
/// `updated` stamp changes. Every list is kept in the show store (a cache, `EpisodeTable`); a
/// favourite show's list is also saved in the data directory (`episodes/ID.json`), so its
/// seasons, episodes, watched marks, up next and upcoming work offline even when the cache is
/// gone. Those are the two copies.
///
/// The saved file is the one of record: the store's list of a show with a saved file is read
/// only while it was made from that file as it is now (the file's identity, recorded with
/// the list); otherwise the file is read and the store's list replaced by it. The lists over
/// every followed show (stats, up next) thus read outlines from the store without decoding a
/// saved file. Reading never writes the data directory: a list is written there only when a
/// fetch brought a new one (or `fav` saves one that is not saved yet), and only that show's.
public final class EpisodeStore {
  /// What is saved of one show: its episodes and the show's stamp when they were fetched.
  struct Record: Codable, Equatable {
    var updated: Int?
    var episodes: [Episode]
  }

  public let shows: ShowLibrary
  public let savedDirectory: URL
  public let client: TVMazeClient
  /// A saved file changed less than this long ago (seconds) is not named as the source of the
  /// store's list: a second write within the same tick of the clock would not change its times.
  public let settleTime: Double
  private let now: () -> Date
  private lazy var savedDirectoryPath = savedDirectory.path
  /// Whole lists read or fetched in this process, by show.
  private var memory: [Int: Record] = [:]
  /// The store's list of each show looked at, once it is known to be the one to read.
  private var storedLists: [Int: KeptEpisodeList] = [:]
  private var warnings: [String] = []

  public init(
    shows: ShowLibrary, savedDirectory: URL, client: TVMazeClient, settleTime: Double = 1,
    now: @escaping () -> Date = Date.init
  ) {
    self.shows = shows
    self.savedDirectory = savedDirectory
    self.client = client
    self.settleTime = settleTime
    self.now = now
  }

  /// The episodes known without the network (saved or kept), whatever their stamp.
  public func known(showID: Int) -> [Episode]? {
    if let record = memory[showID] { return record.episodes }
    guard storedList(showID: showID) != nil,
      let kept = try? shows.keptEpisodes(showID: showID)
    else { return memory[showID]?.episodes }
    memory[showID] = Record(updated: kept.updated, episodes: kept.episodes)
    return kept.episodes
  }

  /// The outlines of the episodes known without the network, for the lists over every
  /// followed show: from the store when it holds the show's list, each episode decoded only
  /// when it is shown; else from `known`.
  public func knownOutlines(showID: Int) -> EpisodeOutlines? {
    if let record = memory[showID] { return EpisodeOutlines(record.episodes) }
    if storedList(showID: showID) != nil, let kept = try? shows.keptOutlines(showID: showID) {
      return kept
    }
    return known(showID: showID).map(EpisodeOutlines.init)
  }

  /// The outlines of `episodes(of:keepWithFavorites:)`: the store's while the show's stamp is
  /// the one they were fetched for, else those of the episodes.
  public func outlines(of show: Show, keepWithFavorites: Bool) throws -> EpisodeOutlines {
    if memory[show.id] == nil, let list = storedList(showID: show.id),
      list.updated == show.updated || show.updated == nil,
      let kept = try? shows.keptOutlines(showID: show.id)
    {
      return kept
    }
    return EpisodeOutlines(try episodes(of: show, keepWithFavorites: keepWithFavorites))
  }

  /// The show's episodes: the kept ones while the show's stamp is the one they were fetched
  /// for, else fetched (kept in the store, and saved with the favourites when
  /// `keepWithFavorites`). When the fetch fails, kept ones are used though the show changed
  /// (offline); without any, the fetch's error is thrown. A fetched list that cannot be saved
  /// with the favourites is still returned, with a warning.
  public func episodes(of show: Show, keepWithFavorites: Bool) throws -> [Episode] {
    let record = try current(show)
    if keepWithFavorites, record.fetched {
      do {
        try save(record.record, showID: show.id)
      } catch let error as FileError {
        warnings.append("episodes of \"\(show.name)\" not saved for offline use: \(error)")
      }
    }
    return record.record.episodes
  }

  /// Keeps episodes fetched by other means (a show fetched with its episodes embedded) as a
  /// fetch here would: in memory and in the show store.
  public func keep(_ episodes: [Episode], of show: Show) {
    memory[show.id] = Record(updated: show.updated, episodes: episodes)
    try? shows.keepEpisodes(showID: show.id, updated: show.updated, episodes: episodes)
  }

  /// The episodes known in memory for the show's stamp, else fetched, without keeping them
  /// anywhere (an import's dry run, which writes nothing).
  public func episodesWithoutKeeping(of show: Show) throws -> [Episode] {
    if let kept = memory[show.id], kept.updated == show.updated || show.updated == nil {
      return kept.episodes
    }
    return try client.episodes(showID: show.id)
  }

  /// Saves the show's episodes with the favourites (`fav`): the known ones while they are
  /// current, else fetched. Nothing is written when the saved copy is the same. Throws the
  /// fetch's error when none are known, or the save's.
  public func saveWithFavorites(_ show: Show) throws {
    let record = try current(show).record
    guard savedRecord(showID: show.id) != record else { return }
    try save(record, showID: show.id)
  }

  /// Drops the copy saved with the favourites (the one in the show store stays).
  public func forgetFavorite(showID: Int) {
    storedLists[showID] = nil
    try? FileManager.default.removeItem(atPath: filePath(showID))
  }

  /// Deletes the temporary files of saves that a killed shell left in `savedDirectory`.
  @discardableResult
  public func removeStaleTemporaries() -> Int {
    DurableFile.removeStaleTemporaries(in: savedDirectory)
  }

  /// Warnings since the last call (a fetched list that could not be saved), to show once.
  public func takeWarnings() -> [String] {
    defer { warnings.removeAll() }
    return warnings
  }

  /// The show's record and whether it was fetched now.
  private func current(_ show: Show) throws -> (record: Record, fetched: Bool) {
    _ = known(showID: show.id)
    let kept = memory[show.id]
    if let kept, kept.updated == show.updated || show.updated == nil { return (kept, false) }
    let fetched: [Episode]
    do {
      fetched = try client.episodes(showID: show.id)
    } catch is TVMazeError where kept != nil {
      return (kept ?? Record(episodes: []), false)
    }
    let record = Record(updated: show.updated, episodes: fetched)
    memory[show.id] = record
    storedLists[show.id] = nil
    try? shows.keepEpisodes(showID: show.id, updated: show.updated, episodes: fetched)
    return (record, true)
  }

  /// The store's list of the show when it is the one to read: made from the saved file as it
  /// is now when there is one (when it was made from another version of the file, or never,
  /// the file is read and the store's list replaced by it first), else whatever the store
  /// keeps. Nil when the store has none or cannot be used; a saved file read here is then in
  /// `memory`.
  private func storedList(showID: Int) -> KeptEpisodeList? {
    if let list = storedLists[showID] { return list }
    let kept = try? shows.keptEpisodeList(showID: showID)
    guard let source = SourceIdentity(path: filePath(showID)) else {
      storedLists[showID] = kept
      return kept
    }
    if let kept, kept.source == source {
      storedLists[showID] = kept
      return kept
    }
    // The store's list was not made from the saved file as it is now: read the file.
    guard let record = savedRecord(showID: showID) else { return kept }
    memory[showID] = record
    let settled = source.changedBefore(now().timeIntervalSince1970 - settleTime)
    guard
      (try? shows.keepEpisodes(
        showID: showID, updated: record.updated, episodes: record.episodes,
        source: settled ? source : nil)) != nil
    else { return nil }
    let list = KeptEpisodeList(updated: record.updated, source: settled ? source : nil)
    storedLists[showID] = list
    return list
  }

  /// The list saved with the favourites, decoded; nil when there is none or it does not decode.
  private func savedRecord(showID: Int) -> Record? {
    guard let data = FileManager.default.contents(atPath: filePath(showID)) else { return nil }
    return try? JSONDecoder().decode(Record.self, from: data)
  }

  private func save(_ record: Record, showID: Int) throws {
    try DurableFile.write(
      try JSONCoding.encoder().encode(record), to: URL(fileURLWithPath: filePath(showID)))
    memory[showID] = record
    storedLists[showID] = nil
  }

  /// The path of the show's saved episodes. Made from strings: Foundation's URL appending
  /// cost up next and stats a twentieth of their time for 50 shows.
  private func filePath(_ showID: Int) -> String {
    savedDirectoryPath + "/\(showID).json"
  }
}

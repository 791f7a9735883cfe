import Foundation
import ShelfCatalog
import ShelfFiles

/// The episodes of shows, kept after their first fetch and fetched again only when the show's
/// `updated` stamp changes. Every fetched list is kept in the show store (a cache); a favourite
/// show's list is also saved in the data directory (`episodes/ID.json`), so its seasons,
/// episodes, watched marks, up next and upcoming work offline even when the cache is gone.
///
/// Reading never writes the data directory: a list is written only when a fetch brought a new
/// one (or `fav` saves one that is not saved yet), and only that show's. A saved list that is
/// read is also kept without its summaries in the cache directory (`EpisodeOutlineFile`),
/// which the lists over every followed show read (`outlines`).
public final class EpisodeStore {
  /// What is kept of one show: its episodes and the show's stamp when they were fetched.
  struct Record: Codable, Equatable {
    var updated: Int?
    var episodes: [Episode]
  }

  public let shows: ShowLibrary
  public let savedDirectory: URL
  public let client: TVMazeClient
  /// Where the copies without summaries are kept; nil: none are.
  public let outlineDirectory: URL?
  /// The part of their names that tells this data directory's copies from another's.
  private lazy var outlineNameSuffix = CacheFile.name("", for: savedDirectory, extension: "cache")
  private lazy var savedDirectoryPath = savedDirectory.path
  private lazy var outlineDirectoryPath = outlineDirectory?.path
  private var memory: [Int: Record] = [:]
  /// The outlines read from `outlineDirectory`, with their show's stamp, by show.
  private var outlineMemory: [Int: (updated: Int?, outlines: EpisodeOutlines)] = [:]
  /// The records read from or written to `savedDirectory`, by show.
  private var saved: [Int: Record] = [:]
  private var warnings: [String] = []

  public init(
    shows: ShowLibrary, savedDirectory: URL, client: TVMazeClient, outlineDirectory: URL? = nil
  ) {
    self.shows = shows
    self.savedDirectory = savedDirectory
    self.client = client
    self.outlineDirectory = outlineDirectory
  }

  /// The episodes known without the network (saved or kept), whatever their stamp.
  public func known(showID: Int) -> [Episode]? {
    record(showID: showID)?.episodes
  }

  /// The outlines of the episodes known without the network, for the lists over every
  /// followed show: from the compact copy in the cache directory when it was made from the
  /// saved list as it is now (its episodes come without summaries), else from `known`.
  public func knownOutlines(showID: Int) -> EpisodeOutlines? {
    if memory[showID] == nil, let kept = outlineRecord(showID: showID) { return kept.outlines }
    return known(showID: showID).map(EpisodeOutlines.init)
  }

  /// The outlines of `episodes(of:keepWithFavorites:)`: the kept copy's while the show's stamp
  /// is the one they were fetched for, else those of the episodes.
  public func outlines(of show: Show, keepWithFavorites: Bool) throws -> EpisodeOutlines {
    if memory[show.id] == nil, let kept = outlineRecord(showID: show.id),
      kept.updated == show.updated || show.updated == nil
    {
      return kept.outlines
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

  /// Drops the copy saved with the favourites and its compact copy (the one in the show store
  /// stays).
  public func forgetFavorite(showID: Int) {
    saved[showID] = nil
    outlineMemory[showID] = nil
    try? FileManager.default.removeItem(at: file(showID))
    if let outlines = outlineFile(showID) { try? FileManager.default.removeItem(at: outlines.url) }
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
    let kept = record(showID: show.id)
    if let kept, kept.updated == show.updated || show.updated == nil { return (kept, false) }
    let fetched: [Episode]
    do {
      fetched = try client.episodes(showID: show.id)
    } catch is TVMazeError where kept != nil {
      return (kept ?? Record(episodes: []), false)
    }
    let record = Record(updated: show.updated, episodes: fetched)
    memory[show.id] = record
    try? shows.keepEpisodes(showID: show.id, updated: show.updated, episodes: fetched)
    return (record, true)
  }

  private func record(showID: Int) -> Record? {
    if let record = memory[showID] { return record }
    var found = savedRecord(showID: showID)
    if found == nil, let kept = try? shows.keptEpisodes(showID: showID) {
      found = Record(updated: kept.updated, episodes: kept.episodes)
    }
    memory[showID] = found
    return found
  }

  /// The copy saved with the favourites, read once; its copy without summaries is written
  /// when there is none for this version of the file.
  private func savedRecord(showID: Int) -> Record? {
    if let record = saved[showID] { return record }
    let path = file(showID).path
    let before = SourceIdentity(path: path)
    guard let data = try? Data(contentsOf: file(showID)),
      let record = try? JSONDecoder().decode(Record.self, from: data)
    else { return nil }
    saved[showID] = record
    if let before, before == SourceIdentity(path: path), let outlines = outlineFile(showID),
      outlines.read(source: before) == nil,
      let sections = EpisodeOutlineFile.sections(
        updated: record.updated, episodes: record.episodes)
    {
      outlines.write(sections, source: before)
    }
    return record
  }

  /// The saved list's outlines, from its copy in the cache directory when that was made from
  /// the saved file as it is now.
  private func outlineRecord(showID: Int) -> (updated: Int?, outlines: EpisodeOutlines)? {
    if let record = outlineMemory[showID] { return record }
    guard let outlines = outlineFile(showID),
      let source = SourceIdentity(path: filePath(showID)),
      let sections = outlines.read(source: source),
      let found = EpisodeOutlineFile.outlines(
        sections,
        whole: { [weak self] id in self?.savedRecord(showID: showID)?.episodes.first { $0.id == id }
        }
      )
    else { return nil }
    outlineMemory[showID] = found
    return found
  }

  private func outlineFile(_ showID: Int) -> CacheFile? {
    outlineDirectoryPath.map { directory in
      CacheFile(
        url: URL(
          fileURLWithPath: directory + "/episodes-\(showID)" + outlineNameSuffix,
          isDirectory: false),
        kind: EpisodeOutlineFile.kind)
    }
  }

  private func save(_ record: Record, showID: Int) throws {
    try DurableFile.write(try JSONCoding.encoder().encode(record), to: file(showID))
    saved[showID] = record
    outlineMemory[showID] = nil
  }

  private func file(_ showID: Int) -> URL {
    URL(fileURLWithPath: filePath(showID), isDirectory: false)
  }

  /// The path of the show's saved episodes. Made from strings: Foundation's URL appending
  /// cost up next and stats a twentieth of their time for 50 shows.
  private func filePath(_ showID: Int) -> String {
    savedDirectoryPath + "/\(showID).json"
  }
}

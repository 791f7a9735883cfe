import Foundation
import ShelfCatalog

/// The episodes of shows, kept after their first fetch and fetched again only when the show's
/// `updated` stamp changes. Every fetched list is kept in the show store (a cache); a favourite
/// show's list is also saved in the data directory, so its seasons, episodes, watched marks,
/// up next and upcoming work offline even when the cache is gone.
public final class EpisodeStore {
  /// What is kept of one show: its episodes and the show's stamp when they were fetched.
  struct Record: Codable {
    var updated: Int?
    var episodes: [Episode]
  }

  public let shows: ShowLibrary
  public let savedDirectory: URL
  public let client: TVMazeClient
  private var memory: [Int: Record] = [:]

  public init(shows: ShowLibrary, savedDirectory: URL, client: TVMazeClient) {
    self.shows = shows
    self.savedDirectory = savedDirectory
    self.client = client
  }

  /// The episodes known without the network (saved or kept), whatever their stamp.
  public func known(showID: Int) -> [Episode]? {
    record(showID: showID)?.episodes
  }

  /// The show's episodes: the kept ones while the show's stamp is the one they were fetched
  /// for, else fetched (and kept). When the fetch fails, kept ones are used though the show
  /// changed (offline); without any, the fetch's error is thrown.
  public func episodes(of show: Show, keepWithFavorites: Bool) throws -> [Episode] {
    let kept = record(showID: show.id)
    if let kept, kept.updated == show.updated || show.updated == nil {
      if keepWithFavorites { try save(kept, showID: show.id) }
      return kept.episodes
    }
    let fetched: [Episode]
    do {
      fetched = try client.episodes(showID: show.id)
    } catch is TVMazeError where kept != nil {
      return kept?.episodes ?? []
    }
    let record = Record(updated: show.updated, episodes: fetched)
    memory[show.id] = record
    try? shows.keepEpisodes(showID: show.id, updated: show.updated, episodes: fetched)
    if keepWithFavorites { try save(record, showID: show.id) }
    return fetched
  }

  /// Saves the show's known episodes with the favourites.
  public func keepWithFavorites(showID: Int) throws {
    guard let record = record(showID: showID) else { return }
    try save(record, showID: showID)
  }

  /// Drops the copy saved with the favourites (the one in the show store stays).
  public func forgetFavorite(showID: Int) {
    try? FileManager.default.removeItem(at: file(showID))
  }

  private func record(showID: Int) -> Record? {
    if let record = memory[showID] { return record }
    var found: Record?
    if let data = try? Data(contentsOf: file(showID)),
      let saved = try? JSONDecoder().decode(Record.self, from: data)
    {
      found = saved
    } else if let kept = try? shows.keptEpisodes(showID: showID) {
      found = Record(updated: kept.updated, episodes: kept.episodes)
    }
    memory[showID] = found
    return found
  }

  private func save(_ record: Record, showID: Int) throws {
    try DurableFile.write(try JSONCoding.encoder().encode(record), to: file(showID))
  }

  private func file(_ showID: Int) -> URL {
    savedDirectory.appendingPathComponent("\(showID).json")
  }
}

import Foundation
import ShelfCatalog

/// The episodes of shows, kept after their first fetch and fetched again only when the show's
/// `updated` stamp changes. Every fetched list is kept in the cache (rebuildable); a favourite
/// show's list is also saved in the data directory, so its seasons, episodes, watched marks,
/// up next and upcoming work offline.
public final class EpisodeStore {
  /// What is kept of one show: its episodes and the show's stamp when they were fetched.
  struct Record: Codable {
    var updated: Int?
    var episodes: [Episode]
  }

  public let cacheDirectory: URL
  public let savedDirectory: URL
  public let client: TVMazeClient
  private var memory: [Int: Record] = [:]

  public init(cacheDirectory: URL, savedDirectory: URL, client: TVMazeClient) {
    self.cacheDirectory = cacheDirectory
    self.savedDirectory = savedDirectory
    self.client = client
  }

  /// The episodes known without the network (saved or cached), whatever their stamp.
  public func known(showID: Int) -> [Episode]? {
    record(showID: showID)?.episodes
  }

  /// The show's episodes: the kept ones while the show's stamp is the one they were fetched
  /// for, else fetched (and kept). Offline, a kept list is used even when the stamp moved on.
  public func episodes(of show: Show, keepWithFavorites: Bool) throws -> [Episode] {
    let kept = record(showID: show.id)
    if let kept, kept.updated == show.updated || show.updated == nil {
      if keepWithFavorites { try save(kept, showID: show.id, in: savedDirectory) }
      return kept.episodes
    }
    let fetched: [Episode]
    do {
      fetched = try client.episodes(showID: show.id)
    } catch is TVMazeError where kept != nil {
      return kept?.episodes ?? []  // offline or failing: the kept list, though the show changed
    }
    let record = Record(updated: show.updated, episodes: fetched)
    memory[show.id] = record
    try save(record, showID: show.id, in: cacheDirectory)
    if keepWithFavorites { try save(record, showID: show.id, in: savedDirectory) }
    return fetched
  }

  /// Keeps a copy of the show's known episodes with the favourites.
  public func keepWithFavorites(showID: Int) throws {
    guard let record = record(showID: showID) else { return }
    try save(record, showID: showID, in: savedDirectory)
  }

  /// Drops the copy kept with the favourites (the cached one stays).
  public func forgetFavorite(showID: Int) {
    try? FileManager.default.removeItem(at: file(showID, in: savedDirectory))
  }

  private func record(showID: Int) -> Record? {
    if let record = memory[showID] { return record }
    for directory in [savedDirectory, cacheDirectory] {
      guard let data = try? Data(contentsOf: file(showID, in: directory)),
        let record = try? JSONDecoder().decode(Record.self, from: data)
      else { continue }
      memory[showID] = record
      return record
    }
    return nil
  }

  private func save(_ record: Record, showID: Int, in directory: URL) throws {
    try DurableFile.write(try JSONCoding.encoder().encode(record), to: file(showID, in: directory))
  }

  private func file(_ showID: Int, in directory: URL) -> URL {
    directory.appendingPathComponent("\(showID).json")
  }
}

import Foundation
import ShelfDomain
import ShelfStorage

/// The episodes of shows in the show store (`episode-rows` in `ShowStoreSchema`): for each
/// show its list's stamp, the identity of the favourite's saved file it was read from (if it
/// was), and its outlines, the numbers the lists over every followed show read (id, season,
/// number, runtime, when it counts as aired: `EpisodeOutlineRecords`), in `episode_lists`;
/// one row per episode with its JSON in `episode_rows`. 50 shows' outlines are read as 50
/// values without decoding an episode, and only the episodes shown are decoded.
struct EpisodeTable {
  let database: SQLiteDatabase

  /// A show's list, without its episodes.
  func list(showID: Int) throws -> KeptEpisodeList? {
    try database.statement("SELECT updated, source FROM episode_lists WHERE show_id = ?1")
      .firstRow([.int(showID)]) { row in
        KeptEpisodeList(
          updated: row.optionalInt(0),
          source: row.isNull(1) ? nil : row.withBlob(1) { SourceIdentity(bytes: Array($0)) })
      }
  }

  /// The outlines of a show's episodes, in the list's order; nil when the store has no list
  /// of the show or kept none of its outlines.
  func outlines(showID: Int) throws -> EpisodeOutlineList? {
    try database.statement("SELECT outlines FROM episode_lists WHERE show_id = ?1")
      .firstRow([.int(showID)]) { row in
        row.isNull(0) ? nil : row.withBlob(0) { EpisodeOutlineRecords.unpack(Array($0)) }
      } ?? nil
  }

  /// Episode `position` of a show's list.
  func episode(showID: Int, position: Int) throws -> Episode? {
    let data = try database.statement(
      "SELECT json FROM episode_rows WHERE show_id = ?1 AND position = ?2"
    ).firstRow([.int(showID), .int(position)]) { $0.blob(0) }
    return try data.map { try JSONDecoder().decode(Episode.self, from: $0) }
  }

  /// Every episode of a show's list, in its order.
  func episodes(showID: Int) throws -> [Episode] {
    let decoder = JSONDecoder()
    return try database.statement(
      "SELECT json FROM episode_rows WHERE show_id = ?1 ORDER BY position"
    ).rows([.int(showID)]) { try decoder.decode(Episode.self, from: $0.blob(0)) }
  }

  /// Replaces a show's list. Call inside a transaction.
  func replace(showID: Int, updated: Int?, episodes: [Episode], source: SourceIdentity?) throws {
    try database.statement("DELETE FROM episode_rows WHERE show_id = ?1").run([.int(showID)])
    let outlines = EpisodeOutlineRecords.pack(episodes.map(EpisodeOutline.init))
    try database.statement(
      """
      INSERT OR REPLACE INTO episode_lists(show_id, updated, source, outlines)
      VALUES (?1, ?2, ?3, ?4)
      """
    ).run([
      .int(showID), .int(updated), source.map { .blob(Data($0.bytes)) } ?? .null,
      outlines.map { .blob(Data($0)) } ?? .null,
    ])
    let insert = try database.statement(
      "INSERT INTO episode_rows(show_id, position, json) VALUES (?1, ?2, ?3)")
    // The list encoded at once and cut into its elements: one encoding instead of one per
    // episode (a Trakt import keeps 40 lists of 250 while it waits for TVmaze).
    let json = try JSONCoding.encoder().encode(episodes)
    let elements = JSONArrayElements.ranges(in: json)
    guard elements.count == episodes.count else {
      throw EncodingError.invalidValue(
        episodes, .init(codingPath: [], debugDescription: "not a JSON array of the episodes"))
    }
    for (position, range) in elements.enumerated() {
      try insert.run([.int(showID), .int(position), .blob(json[range])])
    }
  }
}

/// What the show store keeps of a show's episode list besides the episodes: the show's stamp
/// when they were fetched, and the identity of the favourite's saved file they were read from
/// (nil: fetched, or read from a file too new to trust its times).
public struct KeptEpisodeList: Equatable, Sendable {
  public var updated: Int?
  public var source: SourceIdentity?

  public init(updated: Int?, source: SourceIdentity?) {
    self.updated = updated
    self.source = source
  }
}

import Foundation
import ShelfCatalog

/// A compact copy of a property-list document in the cache directory (a `CacheFile` made from
/// the property-list file), read instead of decoding the file while the file is the one it was
/// made from. The property list stays the file of record: the copy is made after the file is
/// decoded, and one that is missing, stale or damaged only costs the decoding.
public struct DocumentSnapshot<Document: StoredDocument>: Sendable {
  public let file: CacheFile
  private let encode: @Sendable (Document) -> [[UInt8]]?
  private let decode: @Sendable (CachedSections) -> Document?

  /// `encode` gives the sections of a document (nil: it cannot be kept), `decode` the
  /// document of sections (nil: they are not one).
  public init(
    file: CacheFile, encode: @escaping @Sendable (Document) -> [[UInt8]]?,
    decode: @escaping @Sendable (CachedSections) -> Document?
  ) {
    self.file = file
    self.encode = encode
    self.decode = decode
  }

  /// The document of the source whose identity is `source`, when the copy was made from it.
  public func read(source: SourceIdentity) -> Document? {
    file.read(source: source).flatMap(decode)
  }

  /// Keeps a copy of `document`, decoded from the source whose identity is `source`, unless
  /// the source changed too recently at `now` (see `CacheFile.settleTime`); false when none
  /// was written.
  @discardableResult
  public func write(_ document: Document, source: SourceIdentity, now: Date = Date()) -> Bool {
    guard let sections = encode(document) else { return false }
    return file.write(sections, source: source, now: now)
  }
}

extension FavoritesDocument {
  /// The snapshot of `favorites.plist` at `url`, kept in `cacheDirectory`: every field as
  /// numbers and text (`compactSections`), read without a general decoder.
  public static func snapshot(of url: URL, in cacheDirectory: URL) -> DocumentSnapshot<Self> {
    let name = CacheFile.name("favorites", for: url, extension: "cache")
    return DocumentSnapshot(
      file: CacheFile(url: cacheDirectory.appendingPathComponent(name), kind: "favorites-2"),
      encode: { $0.compactSections() }, decode: { FavoritesDocument(compact: $0) })
  }
}

extension WatchedDocument {
  /// The snapshot of `watched.plist` at `url`, kept in `cacheDirectory`: every mark as
  /// columns of numbers (32 bits for ids, seasons and numbers: the copy is a third smaller to
  /// read than with 64).
  public static func snapshot(of url: URL, in cacheDirectory: URL) -> DocumentSnapshot<Self> {
    let name = CacheFile.name("watched", for: url, extension: "cache")
    return DocumentSnapshot(
      file: CacheFile(url: cacheDirectory.appendingPathComponent(name), kind: "watched-2"),
      encode: { $0.compactSections() }, decode: { WatchedDocument(compact: $0) })
  }

  private enum Present {
    static let season: UInt8 = 1
    static let number: UInt8 = 2
    static let watchedAt: UInt8 = 4
  }

  /// The version and show count; each show's id and mark count; then one column per field of
  /// the marks, all shows' marks one after the other; which optional fields each mark has.
  /// Nil when an id, season or number does not fit 32 bits (no TVmaze one comes near).
  func compactSections() -> [[UInt8]]? {
    var showColumn: [Int64] = []
    var ids: [Int32] = []
    var seasons: [Int32] = []
    var numbers: [Int32] = []
    var times: [Double] = []
    var present: [UInt8] = []
    let total = shows.reduce(0) { $0 + $1.episodes.count }
    ids.reserveCapacity(total)
    seasons.reserveCapacity(total)
    numbers.reserveCapacity(total)
    times.reserveCapacity(total)
    present.reserveCapacity(total)
    for show in shows {
      showColumn += [Int64(show.showId), Int64(show.episodes.count)]
      for episode in show.episodes {
        guard let id = Int32(exactly: episode.id), let season = Int32(exactly: episode.season ?? 0),
          let number = Int32(exactly: episode.number ?? 0)
        else { return nil }
        ids.append(id)
        seasons.append(season)
        numbers.append(number)
        times.append(episode.watchedAt?.timeIntervalSinceReferenceDate ?? 0)
        present.append(
          (episode.season == nil ? 0 : Present.season)
            | (episode.number == nil ? 0 : Present.number)
            | (episode.watchedAt == nil ? 0 : Present.watchedAt))
      }
    }
    return [
      CacheFile.section([Int64(version), Int64(shows.count)]), CacheFile.section(showColumn),
      CacheFile.section(ids), CacheFile.section(seasons),
      CacheFile.section(numbers), CacheFile.section(times), present,
    ]
  }

  /// The document of `compactSections`; nil when the sections do not fit together.
  init?(compact sections: CachedSections) {
    guard sections.count == 7, let header = sections.values(0, as: Int64.self),
      header.count == 2, let showColumn = sections.values(1, as: Int64.self),
      showColumn.count % 2 == 0, showColumn.count / 2 == header[1],
      let ids = sections.values(2, as: Int32.self),
      let seasons = sections.values(3, as: Int32.self),
      let numbers = sections.values(4, as: Int32.self),
      let times = sections.values(5, as: Double.self),
      let present = sections.values(6, as: UInt8.self),
      [seasons.count, numbers.count, times.count, present.count].allSatisfy({ $0 == ids.count })
    else { return nil }
    self.init()
    version = Int(header[0])
    var next = 0
    shows.reserveCapacity(Int(header[1]))
    for show in stride(from: 0, to: showColumn.count, by: 2) {
      let count = Int(showColumn[show + 1])
      guard count >= 0, next + count <= ids.count else { return nil }
      var episodes: [WatchedEpisode] = []
      episodes.reserveCapacity(count)
      for index in next..<next + count {
        let flags = present[index]
        episodes.append(
          WatchedEpisode(
            id: Int(ids[index]),
            season: flags & Present.season != 0 ? Int(seasons[index]) : nil,
            number: flags & Present.number != 0 ? Int(numbers[index]) : nil,
            watchedAt: flags & Present.watchedAt != 0
              ? Date(timeIntervalSinceReferenceDate: times[index]) : nil))
      }
      shows.append(WatchedShow(showId: Int(showColumn[show]), episodes: episodes))
      next += count
    }
    guard next == ids.count else { return nil }
  }
}

import Foundation

/// A show's episodes in watching order, with what people ask of them: the seasons, the next
/// one to watch, the ones airing soon. Watched marks are episode ids.
public struct EpisodeGuide: Sendable {
  /// One season's row: how many episodes, when it aired, how many are watched.
  public struct Season: Hashable, Sendable {
    public var number: Int
    public var episodeCount: Int
    public var firstAirdate: String?
    public var lastAirdate: String?
    public var watchedCount: Int
  }

  /// The first aired episode not watched yet, and how many aired ones are left.
  public struct NextUp: Hashable, Sendable {
    public var episode: Episode
    public var left: Int
  }

  public let episodes: [Episode]

  /// The episodes in watching order. When TVmaze lists two episodes under one season and
  /// number, the first (in its order) is kept and the others are left out, so that the code
  /// (`S01E01`, `watched 1`) names one episode everywhere.
  public init(_ episodes: [Episode]) {
    var seen = Set<EpisodeCode>()
    let unique = episodes.filter { episode in
      guard let number = episode.number else { return true }
      return seen.insert(EpisodeCode(season: episode.season, number: number)).inserted
    }
    self.episodes = unique.sorted(by: Episode.watchingOrder)
  }

  public var seasonNumbers: [Int] {
    var seen = Set<Int>()
    return episodes.map(\.season).filter { seen.insert($0).inserted }
  }

  public func episodes(inSeason season: Int) -> [Episode] {
    episodes.filter { $0.season == season }
  }

  public func seasons(watched: Set<Int>) -> [Season] {
    seasonNumbers.map { number in
      let inSeason = episodes(inSeason: number)
      let dates = inSeason.compactMap(\.airdate).filter { !$0.isEmpty }.sorted()
      return Season(
        number: number, episodeCount: inSeason.count, firstAirdate: dates.first,
        lastAirdate: dates.last,
        watchedCount: inSeason.filter { watched.contains($0.id) }.count)
    }
  }

  /// The episode `code` names: `S01E03`, or `E3`/`3` within `season`.
  public func episode(_ code: EpisodeCode, inSeason season: Int? = nil) -> Episode? {
    guard let number = code.number, let season = code.season ?? season else { return nil }
    return episodes.first { $0.season == season && $0.number == number }
  }

  /// Every episode up to and including `last`, in watching order.
  public func episodes(through last: Episode) -> [Episode] {
    guard let index = episodes.firstIndex(of: last) else { return [] }
    return Array(episodes[...index])
  }

  public func nextUp(watched: Set<Int>, now: Date) -> NextUp? {
    let left = episodes.filter { $0.hasAired(by: now) && !watched.contains($0.id) }
    return left.first.map { NextUp(episode: $0, left: left.count) }
  }

  /// Episodes airing from `now` to `now + days` (by their airstamp), in time order.
  public func upcoming(from now: Date, days: Int) -> [Episode] {
    let end = now.addingTimeInterval(Double(days) * 86_400)
    return episodes.filter { episode in
      guard let date = episode.airsAt else { return false }
      return date >= now && date < end
    }.sorted { ($0.airsAt ?? now) < ($1.airsAt ?? now) }
  }
}

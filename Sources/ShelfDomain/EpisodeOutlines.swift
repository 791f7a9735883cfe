import Foundation

/// What the lists over every followed show (stats, up next, statuses) ask of an episode, as
/// numbers: its id, season, number and runtime, and the moment it counts as aired. Answering
/// from these, 25,000 episodes take a fraction of what their `Episode` values take to make.
public struct EpisodeOutline: Hashable, Sendable {
  public var id: Int
  public var season: Int
  public var number: Int?
  public var runtime: Int?
  /// From when `Episode.hasAired` is true (seconds since 2001, as `Date` counts); nil: never
  /// (neither a time nor a day that reads).
  public var airedFrom: Double?

  public init(id: Int, season: Int, number: Int?, runtime: Int?, airedFrom: Double?) {
    self.id = id
    self.season = season
    self.number = number
    self.runtime = runtime
    self.airedFrom = airedFrom
  }

  public init(_ episode: Episode) {
    id = episode.id
    season = episode.season
    number = episode.number
    runtime = episode.runtime
    if let airsAt = episode.airsAt {
      airedFrom = airsAt.timeIntervalSinceReferenceDate
    } else if let airdate = episode.airdate, let day = AirTime.parseDay(airdate) {
      airedFrom = day.addingTimeInterval(86_400).timeIntervalSinceReferenceDate
    } else {
      airedFrom = nil
    }
  }

  /// An episode of these numbers alone (no name, dates or summary): what is shown of one
  /// whose whole record cannot be read.
  public var episode: Episode {
    var episode = Episode(id: id, name: nil, season: season, number: number)
    episode.runtime = runtime
    return episode
  }

  /// `Episode.hasAired(by:)`.
  public func hasAired(by now: Date) -> Bool {
    airedFrom.map { $0 <= now.timeIntervalSinceReferenceDate } ?? false
  }

  /// `Episode.watchingOrder`.
  static func watchingOrder(_ left: EpisodeOutline, _ right: EpisodeOutline) -> Bool {
    Episode.watchingOrder(
      (left.season, left.number, left.id), before: (right.season, right.number, right.id))
  }
}

/// A show's outlines in the list's order: made from episodes at hand, or each made when it
/// is read from columns kept as they were read (a copy in the cache), so that 25,000 of them
/// take no more memory than their numbers.
public struct EpisodeOutlineList: RandomAccessCollection {
  public let startIndex = 0
  public let endIndex: Int
  private let outline: (Int) -> EpisodeOutline

  /// `count` outlines, outline `index` made by `outline`.
  public init(count: Int, outline: @escaping (Int) -> EpisodeOutline) {
    endIndex = count
    self.outline = outline
  }

  public init(_ outlines: [EpisodeOutline]) {
    self.init(count: outlines.count) { outlines[$0] }
  }

  public subscript(position: Int) -> EpisodeOutline { outline(position) }
}

/// A show's episodes as outlines (in the list's order), with the whole `Episode` of any of
/// them made on demand: what up next and stats read, so that only the episodes shown are
/// made. Summaries may be missing (a copy kept without them).
public struct EpisodeOutlines {
  public let outlines: EpisodeOutlineList
  private let make: (Int) -> Episode

  /// Outlines whose episode `index` is made by `make`.
  public init(outlines: EpisodeOutlineList, make: @escaping (Int) -> Episode) {
    self.outlines = outlines
    self.make = make
  }

  /// The outlines of episodes at hand.
  public init(_ episodes: [Episode]) {
    outlines = EpisodeOutlineList(episodes.map(EpisodeOutline.init))
    make = { episodes[$0] }
  }

  /// Episode `index` of the list, whole.
  public func episode(at index: Int) -> Episode { make(index) }

  /// Every episode, whole.
  public var episodes: [Episode] { outlines.indices.map(make) }

  /// `EpisodeGuide(episodes).nextUp(watched:now:)`: the first aired episode not watched in
  /// watching order (one episode per season and number), and how many aired ones are left.
  public func nextUp(watched: Set<Int>, now: Date) -> EpisodeGuide.NextUp? {
    nextUp(now: now, isWatched: watched.contains)
  }

  /// The same, with the watched episodes as a table (`EpisodeIDMap(ids:)`).
  public func nextUp(watched: EpisodeIDMap<Bool>, now: Date) -> EpisodeGuide.NextUp? {
    nextUp(now: now, isWatched: watched.contains)
  }

  private func nextUp(now: Date, isWatched: (Int) -> Bool) -> EpisodeGuide.NextUp? {
    // One pass while every episode comes strictly after the one before in watching order with
    // another season or number (as TVmaze lists them): then the guide's order is the list's
    // and no two episodes share a code.
    var first: Int?
    var left = 0
    var previous: EpisodeOutline?
    for index in outlines.indices {
      let outline = outlines[index]
      if let previous, !Self.follows(previous, outline) {
        return nextUp(in: guideOrder(), now: now, isWatched: isWatched)
      }
      previous = outline
      guard outline.hasAired(by: now), !isWatched(outline.id) else { continue }
      first = first ?? index
      left += 1
    }
    return first.map { EpisodeGuide.NextUp(episode: make($0), left: left) }
  }

  private func nextUp(in order: [Int], now: Date, isWatched: (Int) -> Bool)
    -> EpisodeGuide.NextUp?
  {
    var first: Int?
    var left = 0
    for index in order {
      let outline = outlines[index]
      guard outline.hasAired(by: now), !isWatched(outline.id) else { continue }
      first = first ?? index
      left += 1
    }
    return first.map { EpisodeGuide.NextUp(episode: make($0), left: left) }
  }

  /// The indices in `EpisodeGuide`'s order: one episode per season and number (the first
  /// listed), in watching order.
  private func guideOrder() -> [Int] {
    var seen = Set<EpisodeCode>()
    return outlines.indices.filter { index in
      guard let number = outlines[index].number else { return true }
      return seen.insert(EpisodeCode(season: outlines[index].season, number: number)).inserted
    }.sorted { EpisodeOutline.watchingOrder(outlines[$0], outlines[$1]) }
  }

  private static func follows(_ left: EpisodeOutline, _ right: EpisodeOutline) -> Bool {
    EpisodeOutline.watchingOrder(left, right)
      && (left.season != right.season || left.number == nil || left.number != right.number)
  }
}

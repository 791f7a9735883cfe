import Foundation

/// One watched episode: its TVmaze id, with its season and number so that marks can be
/// listed offline, when it was first watched (marks made by an older shelf have no time), how
/// many times it was watched (`plays`), and when last, once it was watched again.
public struct WatchedEpisode: Codable, Equatable, Hashable, Sendable {
  /// How many plays a mark can count (a hand-edited file's larger count is read as this).
  public static let playLimit = 1...9_999

  public var id: Int
  public var season: Int?
  public var number: Int?
  /// When it was first watched: the moment `watched` marked it, or the earliest time an import
  /// brought.
  public var watchedAt: Date?
  /// How many times it was watched, 1 and more.
  public var plays: Int
  /// When it was last watched, once it was watched more than once (nil: not known, or once).
  public var lastWatchedAt: Date?

  public init(
    id: Int, season: Int? = nil, number: Int? = nil, watchedAt: Date? = nil, plays: Int = 1,
    lastWatchedAt: Date? = nil
  ) {
    self.id = id
    self.season = season
    self.number = number
    self.watchedAt = watchedAt
    self.plays = Self.clamped(plays)
    self.lastWatchedAt = self.plays > 1 ? lastWatchedAt : nil
  }

  /// `plays` within `playLimit`.
  public static func clamped(_ plays: Int) -> Int {
    min(max(plays, playLimit.lowerBound), playLimit.upperBound)
  }

  /// When it was watched last, as far as the mark knows.
  public var latestWatch: Date? { lastWatchedAt ?? watchedAt }

  /// Whether it was watched since `start` (a rewatch of its show began then; nil: no rewatch,
  /// every mark counts): after it, so that a watch in the second `rewatch` ran (times are
  /// kept to the second) is one before it. A mark without a time was made before any rewatch.
  public func isWatched(since start: Date?) -> Bool {
    guard let start else { return true }
    return latestWatch.map { $0 > start } ?? false
  }

  /// The mark with one more play, at `time`.
  public func playedAgain(at time: Date?) -> WatchedEpisode {
    var mark = self
    mark.plays = Self.clamped(plays + 1)
    mark.lastWatchedAt = time ?? lastWatchedAt
    return mark
  }

  private enum CodingKeys: String, CodingKey {
    case id, season, number, watchedAt, plays, lastWatchedAt
  }

  /// The times are property-list dates, or (in an export's JSON) ISO 8601 text; `plays` is 1
  /// when absent.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    season = try container.decodeIfPresent(Int.self, forKey: .season)
    number = try container.decodeIfPresent(Int.self, forKey: .number)
    watchedAt = Self.time(container, .watchedAt)
    plays = Self.clamped((try? container.decodeIfPresent(Int.self, forKey: .plays)) ?? 1)
    lastWatchedAt = plays > 1 ? Self.time(container, .lastWatchedAt) : nil
  }

  private static func time(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys)
    -> Date?
  {
    if let text = try? container.decodeIfPresent(String.self, forKey: key) {
      return WatchTime.parse(text)
    }
    return try? container.decodeIfPresent(Date.self, forKey: key)
  }

  /// `plays` and `lastWatchedAt` are written only for a mark watched more than once.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(season, forKey: .season)
    try container.encodeIfPresent(number, forKey: .number)
    try container.encodeIfPresent(watchedAt.map(WatchTime.format), forKey: .watchedAt)
    if plays > 1 {
      try container.encode(plays, forKey: .plays)
      try container.encodeIfPresent(lastWatchedAt.map(WatchTime.format), forKey: .lastWatchedAt)
    }
  }
}

/// The watched episodes of one show, in the order they were marked.
public struct WatchedShow: Codable, Equatable, Sendable {
  public var showId: Int
  public var episodes: [WatchedEpisode]

  public init(showId: Int, episodes: [WatchedEpisode]) {
    self.showId = showId
    self.episodes = episodes
  }
}

/// `watched.plist`: the episodes marked as watched, per show.
public struct WatchedDocument: StoredDocument {
  public static let currentVersion = 1
  public var version = WatchedDocument.currentVersion
  public var shows: [WatchedShow] = []

  public init() {}

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    shows = try container.decodeIfPresent([WatchedShow].self, forKey: .shows) ?? []
  }

  public func writeXML(to writer: inout PropertyListXMLWriter) throws -> Bool {
    try writer.dictionary { writer in
      writer.key("shows")
      try writer.array { writer in
        for show in shows {
          try writer.dictionary { writer in
            writer.key("episodes")
            try writer.array { writer in
              for episode in show.episodes {
                try writer.flushIfLarge()
                writer.dictionary { writer in
                  writer.key("id")
                  writer.integer(episode.id)
                  if episode.plays > 1, let last = episode.lastWatchedAt {
                    writer.key("lastWatchedAt")
                    writer.date(last)
                  }
                  if let number = episode.number {
                    writer.key("number")
                    writer.integer(number)
                  }
                  if episode.plays > 1 {
                    writer.key("plays")
                    writer.integer(episode.plays)
                  }
                  if let season = episode.season {
                    writer.key("season")
                    writer.integer(season)
                  }
                  if let watchedAt = episode.watchedAt {
                    writer.key("watchedAt")
                    writer.date(watchedAt)
                  }
                }
              }
            }
            writer.key("showId")
            writer.integer(show.showId)
          }
        }
      }
      writer.key("version")
      writer.integer(version)
    }
    return true
  }

  public func episodes(show: Int) -> [WatchedEpisode] {
    shows.first { $0.showId == show }?.episodes ?? []
  }

  /// The mark of one episode; nil when it is not watched.
  public func mark(show: Int, episode: Int) -> WatchedEpisode? {
    episodes(show: show).first { $0.id == episode }
  }

  public func isWatched(show: Int, episode: Int) -> Bool {
    episodes(show: show).contains { $0.id == episode }
  }

  /// Marks the episodes not marked yet (a mark's season and number are filled in when it had
  /// none; its time too with `fillingTimes`, for an import that knows when it was watched);
  /// returns how many were new. Linear in the show's marks and the new ones.
  @discardableResult
  public mutating func mark(show: Int, episodes: [WatchedEpisode], fillingTimes: Bool = false)
    -> Int
  {
    guard !episodes.isEmpty else { return 0 }
    let index =
      shows.firstIndex { $0.showId == show }
      ?? {
        shows.append(WatchedShow(showId: show, episodes: []))
        return shows.count - 1
      }()
    var positions = Dictionary(
      shows[index].episodes.enumerated().map { ($1.id, $0) },
      uniquingKeysWith: { first, _ in first })
    var marks = shows[index].episodes
    shows[index].episodes = []  // no second copy while `marks` grows
    var added = 0
    for episode in episodes {
      if let existing = positions[episode.id] {
        marks[existing].season = marks[existing].season ?? episode.season
        marks[existing].number = marks[existing].number ?? episode.number
        if fillingTimes {
          marks[existing].watchedAt = marks[existing].watchedAt ?? episode.watchedAt
        }
      } else {
        positions[episode.id] = marks.count
        marks.append(episode)
        added += 1
      }
    }
    shows[index].episodes = marks
    return added
  }

  /// Counts another watch, at `time`, of each episode among `ids` that is marked; returns how
  /// many were. (`mark` marks the others.)
  @discardableResult
  public mutating func playAgain(show: Int, episodes ids: Set<Int>, at time: Date?) -> Int {
    guard let index = shows.firstIndex(where: { $0.showId == show }) else { return 0 }
    var counted = 0
    for position in shows[index].episodes.indices
    where ids.contains(shows[index].episodes[position].id) {
      shows[index].episodes[position] = shows[index].episodes[position].playedAgain(at: time)
      counted += 1
    }
    return counted
  }

  /// Takes back the latest watch of each episode with these ids: a mark of several plays keeps
  /// one fewer (when the one before was is not known), a mark of one goes; returns how many
  /// marks changed. A show left with no marks is dropped.
  @discardableResult
  public mutating func unmark(show: Int, episodes ids: [Int]) -> Int {
    guard let index = shows.firstIndex(where: { $0.showId == show }) else { return 0 }
    let wanted = Set(ids)
    var changed = 0
    shows[index].episodes = shows[index].episodes.compactMap { mark in
      guard wanted.contains(mark.id) else { return mark }
      changed += 1
      guard mark.plays > 1 else { return nil }
      return WatchedEpisode(
        id: mark.id, season: mark.season, number: mark.number, watchedAt: mark.watchedAt,
        plays: mark.plays - 1)
    }
    if shows[index].episodes.isEmpty { shows.remove(at: index) }
    return changed
  }
}

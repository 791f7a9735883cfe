import Foundation

/// One watched episode: its TVmaze id, with its season and number so that marks can be
/// listed offline, and when it was marked (marks made by an older shelf have no time).
public struct WatchedEpisode: Codable, Equatable, Hashable, Sendable {
  public var id: Int
  public var season: Int?
  public var number: Int?
  /// When it was watched: the moment `watched` marked it, or the time an import brought.
  public var watchedAt: Date?

  public init(id: Int, season: Int? = nil, number: Int? = nil, watchedAt: Date? = nil) {
    self.id = id
    self.season = season
    self.number = number
    self.watchedAt = watchedAt
  }

  private enum CodingKeys: String, CodingKey { case id, season, number, watchedAt }

  /// `watchedAt` is a property-list date, or (in an export's JSON) ISO 8601 text.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    season = try container.decodeIfPresent(Int.self, forKey: .season)
    number = try container.decodeIfPresent(Int.self, forKey: .number)
    if let text = try? container.decodeIfPresent(String.self, forKey: .watchedAt) {
      watchedAt = WatchTime.parse(text)
    } else {
      watchedAt = try? container.decodeIfPresent(Date.self, forKey: .watchedAt)
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(season, forKey: .season)
    try container.encodeIfPresent(number, forKey: .number)
    try container.encodeIfPresent(watchedAt.map(WatchTime.format), forKey: .watchedAt)
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
                  if let number = episode.number {
                    writer.key("number")
                    writer.integer(number)
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

  /// Takes back the marks of the episodes with these ids; returns how many there were. A
  /// show left with no marks is dropped.
  @discardableResult
  public mutating func unmark(show: Int, episodes ids: [Int]) -> Int {
    guard let index = shows.firstIndex(where: { $0.showId == show }) else { return 0 }
    let wanted = Set(ids)
    let before = shows[index].episodes.count
    shows[index].episodes.removeAll { wanted.contains($0.id) }
    let removed = before - shows[index].episodes.count
    if shows[index].episodes.isEmpty { shows.remove(at: index) }
    return removed
  }
}

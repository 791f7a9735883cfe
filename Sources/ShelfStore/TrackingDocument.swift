import Foundation

/// Where a show stands for its viewer. `auto` (no status saved) is derived from the marks.
public enum TrackingStatus: String, CaseIterable, Codable, Sendable {
  case watching, plan, paused, dropped, completed

  /// The statuses whose shows `/upnext` and `upcoming` leave out unless `--all`.
  public var isSetAside: Bool { self == .paused || self == .dropped || self == .completed }
}

/// A show's saved status (nil: auto) and its viewer's rating (1–10), each with when it was
/// last changed (nil for what an older shelf saved), and when the viewer last started watching
/// it again (`rewatch`).
public struct TrackedShow: Codable, Equatable, Sendable {
  public var showId: Int
  public var status: TrackingStatus?
  public var rating: Int?
  public var statusChanged: Date?
  public var ratingChanged: Date?
  /// When `rewatch` started the show again: up next counts only what was watched since.
  public var rewatchStarted: Date?

  public init(showId: Int, status: TrackingStatus? = nil, rating: Int? = nil) {
    self.showId = showId
    self.status = status
    self.rating = rating
  }

  private enum CodingKeys: String, CodingKey {
    case showId, status, rating, statusChanged, ratingChanged, rewatchStarted
  }

  /// A status this shelf does not know reads as none (auto); `repair` says so.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    showId = try container.decode(Int.self, forKey: .showId)
    let text = try container.decodeIfPresent(String.self, forKey: .status)
    status = text.flatMap(TrackingStatus.init(rawValue:))
    unknownStatus = status == nil ? text : nil
    rating = try container.decodeIfPresent(Int.self, forKey: .rating)
    statusChanged = try? container.decodeIfPresent(Date.self, forKey: .statusChanged)
    ratingChanged = try? container.decodeIfPresent(Date.self, forKey: .ratingChanged)
    rewatchStarted = try? container.decodeIfPresent(Date.self, forKey: .rewatchStarted)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(showId, forKey: .showId)
    try container.encodeIfPresent(status, forKey: .status)
    try container.encodeIfPresent(rating, forKey: .rating)
    try container.encodeIfPresent(statusChanged, forKey: .statusChanged)
    try container.encodeIfPresent(ratingChanged, forKey: .ratingChanged)
    try container.encodeIfPresent(rewatchStarted, forKey: .rewatchStarted)
  }

  /// True when the entry holds nothing (no status, rating or rewatch): it is not kept.
  var isEmpty: Bool { status == nil && rating == nil && rewatchStarted == nil }

  /// The status text of the file when it is not one of `TrackingStatus`.
  fileprivate var unknownStatus: String?

  public static func == (left: TrackedShow, right: TrackedShow) -> Bool {
    left.showId == right.showId && left.status == right.status && left.rating == right.rating
      && left.statusChanged == right.statusChanged && left.ratingChanged == right.ratingChanged
      && left.rewatchStarted == right.rewatchStarted
  }
}

/// An episode's rating (1–10), with its season and number for lists made offline.
public struct RatedEpisode: Codable, Equatable, Sendable {
  public var showId: Int
  public var id: Int
  public var season: Int?
  public var number: Int?
  public var rating: Int
  /// When the rating was given; nil for what an older shelf saved.
  public var changedAt: Date?

  public init(
    showId: Int, id: Int, season: Int? = nil, number: Int? = nil, rating: Int,
    changedAt: Date? = nil
  ) {
    self.showId = showId
    self.id = id
    self.season = season
    self.number = number
    self.rating = rating
    self.changedAt = changedAt
  }
}

/// `tracking.plist`: one viewer's statuses and ratings of shows, ratings of episodes, whether
/// spoilers are hidden, and when `new` last looked; each value with when it last changed.
public struct TrackingDocument: StoredDocument {
  public static let currentVersion = 1
  public static let recordsChanges = true
  public static let ratings = 1...10
  public var version = TrackingDocument.currentVersion
  public var shows: [TrackedShow] = []
  public var episodes: [RatedEpisode] = []
  /// `hide` or `show` once `spoilers` chose; nil: the config file's choice.
  public var spoilers: String?
  public var spoilersChanged: Date?
  /// When `new` last remembered what it listed.
  public var newSince: Date?

  public init() {}

  private enum CodingKeys: String, CodingKey {
    case version, shows, episodes, spoilers, spoilersChanged, newSince
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    shows = try container.decodeIfPresent([TrackedShow].self, forKey: .shows) ?? []
    episodes = try container.decodeIfPresent([RatedEpisode].self, forKey: .episodes) ?? []
    spoilers = try container.decodeIfPresent(String.self, forKey: .spoilers)
    spoilersChanged = try? container.decodeIfPresent(Date.self, forKey: .spoilersChanged)
    newSince = try container.decodeIfPresent(Date.self, forKey: .newSince)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(shows, forKey: .shows)
    try container.encode(episodes, forKey: .episodes)
    try container.encodeIfPresent(spoilers, forKey: .spoilers)
    try container.encodeIfPresent(spoilersChanged, forKey: .spoilersChanged)
    try container.encodeIfPresent(newSince, forKey: .newSince)
  }

  public func show(_ id: Int) -> TrackedShow? {
    shows.first { $0.showId == id }
  }

  /// The saved status of the show; nil when it is auto.
  public func status(of show: Int) -> TrackingStatus? { self.show(show)?.status }

  public func rating(ofShow show: Int) -> Int? { self.show(show)?.rating }

  /// When the viewer last started the show again; nil when they never did.
  public func rewatchStarted(of show: Int) -> Date? { self.show(show)?.rewatchStarted }

  public func rating(ofEpisode episode: Int) -> Int? {
    episodes.first { $0.id == episode }?.rating
  }

  /// Every show with a saved status or rating.
  public var showIDs: [Int] { shows.map(\.showId) }

  /// Saves the status (nil: back to auto); false when it already was.
  @discardableResult
  public mutating func setStatus(_ status: TrackingStatus?, of show: Int) -> Bool {
    change(show) { entry in
      entry.status = status
      if status == nil { entry.statusChanged = nil }
    }
  }

  /// Saves the show's rating (nil: cleared); false when it already was.
  @discardableResult
  public mutating func rate(show: Int, _ rating: Int?) -> Bool {
    change(show) { entry in
      entry.rating = rating
      if rating == nil { entry.ratingChanged = nil }
    }
  }

  /// Starts the show again at `time` (nil: forgets the rewatch); false when it already was.
  @discardableResult
  public mutating func startRewatch(of show: Int, at time: Date?) -> Bool {
    change(show) { $0.rewatchStarted = time }
  }

  /// Saves the episode's rating (nil: cleared); false when it already was.
  @discardableResult
  public mutating func rate(episode: RatedEpisode?, id: Int) -> Bool {
    let index = episodes.firstIndex { $0.id == id }
    switch (index, episode) {
    case (let index?, var episode?):
      episode.changedAt = episodes[index].changedAt
      guard episodes[index] != episode else { return false }
      episodes[index] = episode
    case (let index?, nil): episodes.remove(at: index)
    case (nil, let episode?): episodes.append(episode)
    case (nil, nil): return false
    }
    return true
  }

  private mutating func change(_ show: Int, _ edit: (inout TrackedShow) -> Void) -> Bool {
    let index = shows.firstIndex { $0.showId == show }
    var entry = index.map { shows[$0] } ?? TrackedShow(showId: show)
    let before = entry
    edit(&entry)
    guard entry != before else { return false }
    if let index {
      // An entry with neither a status, a rating nor a rewatch says nothing: it goes.
      if entry.isEmpty {
        shows.remove(at: index)
      } else {
        shows[index] = entry
      }
    } else {
      shows.append(entry)
    }
    return true
  }

  /// Drops what a hand-edited file should not have: unknown statuses, ratings outside 1–10,
  /// a show or an episode listed twice, a spoilers choice other than hide or show.
  public mutating func repair() -> [String] {
    var notes: [String] = []
    var seen = Set<Int>()
    var kept: [TrackedShow] = []
    for var show in shows {
      guard seen.insert(show.showId).inserted else {
        notes.append("show:\(show.showId) was listed twice; kept the first")
        continue
      }
      if let unknown = show.unknownStatus {
        notes.append("show:\(show.showId) had the unknown status \"\(unknown)\"; set it to auto")
        show.unknownStatus = nil
      }
      if let rating = show.rating, !Self.ratings.contains(rating) {
        notes.append("show:\(show.showId) had the rating \(rating); dropped it")
        show.rating = nil
      }
      if !show.isEmpty { kept.append(show) }
    }
    shows = kept
    var seenEpisodes = Set<Int>()
    episodes = episodes.filter { episode in
      guard seenEpisodes.insert(episode.id).inserted else {
        notes.append("episode \(episode.id) was rated twice; kept the first")
        return false
      }
      guard Self.ratings.contains(episode.rating) else {
        notes.append("episode \(episode.id) had the rating \(episode.rating); dropped it")
        return false
      }
      return true
    }
    if let spoilers, spoilers != "hide" && spoilers != "show" {
      notes.append("spoilers was \"\(spoilers)\"; dropped it")
      self.spoilers = nil
    }
    return notes
  }
}

import Foundation
import ShelfCatalog

/// A show's status as the viewer set it, and when.
public struct ShowStatus: LatestMember {
  public var showId: Int
  public var status: TrackingStatus
  public var changedAt: Date?

  public init(showId: Int, status: TrackingStatus, changedAt: Date? = nil) {
    self.showId = showId
    self.status = status
    self.changedAt = changedAt
  }

  public var key: Int { showId }
  public var catalogItem: ItemID? { ItemID(.show, showId) }

  private enum CodingKeys: String, CodingKey { case showId, status, changedAt }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    showId = try container.decode(Int.self, forKey: .showId)
    status = try container.decode(TrackingStatus.self, forKey: .status)
    changedAt = container.decodeTime(forKey: .changedAt)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(showId, forKey: .showId)
    try container.encode(status, forKey: .status)
    try container.encodeTime(changedAt, forKey: .changedAt)
  }
}

/// The viewer's rating of a show (1–10), and when it was given.
public struct ShowRating: LatestMember {
  public var showId: Int
  public var rating: Int
  public var changedAt: Date?

  public init(showId: Int, rating: Int, changedAt: Date? = nil) {
    self.showId = showId
    self.rating = rating
    self.changedAt = changedAt
  }

  public var key: Int { showId }
  public var catalogItem: ItemID? { ItemID(.show, showId) }
  public var problem: String? {
    TrackingDocument.ratings.contains(rating)
      ? nil : "show:\(showId) has the rating \(rating) (1 to 10)"
  }

  private enum CodingKeys: String, CodingKey { case showId, rating, changedAt }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    showId = try container.decode(Int.self, forKey: .showId)
    rating = try container.decode(Int.self, forKey: .rating)
    changedAt = container.decodeTime(forKey: .changedAt)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(showId, forKey: .showId)
    try container.encode(rating, forKey: .rating)
    try container.encodeTime(changedAt, forKey: .changedAt)
  }
}

/// The viewer's rating of an episode (1–10), with its season and number, and when it was given.
public struct EpisodeRating: LatestMember {
  public var episode: RatedEpisode
  public var changedAt: Date?

  public init(_ episode: RatedEpisode, changedAt: Date? = nil) {
    self.episode = episode
    self.changedAt = changedAt
  }

  public var key: Int { episode.id }
  public var catalogItem: ItemID? { ItemID(.show, episode.showId) }
  public var problem: String? {
    TrackingDocument.ratings.contains(episode.rating)
      ? nil : "episode \(episode.id) has the rating \(episode.rating) (1 to 10)"
  }

  private enum CodingKeys: String, CodingKey { case showId, id, season, number, rating, changedAt }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    episode = RatedEpisode(
      showId: try container.decode(Int.self, forKey: .showId),
      id: try container.decode(Int.self, forKey: .id),
      season: try container.decodeIfPresent(Int.self, forKey: .season),
      number: try container.decodeIfPresent(Int.self, forKey: .number),
      rating: try container.decode(Int.self, forKey: .rating))
    changedAt = container.decodeTime(forKey: .changedAt)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(episode.showId, forKey: .showId)
    try container.encode(episode.id, forKey: .id)
    try container.encodeIfPresent(episode.season, forKey: .season)
    try container.encodeIfPresent(episode.number, forKey: .number)
    try container.encode(episode.rating, forKey: .rating)
    try container.encodeTime(changedAt, forKey: .changedAt)
  }
}

/// Whether the viewer hides spoilers (`hide` or `show`), once they chose, and when.
public struct SpoilerSetting: LatestMember {
  public var value: String
  public var changedAt: Date?

  public init(value: String, changedAt: Date? = nil) {
    self.value = value
    self.changedAt = changedAt
  }

  public var key: String { "spoilers" }
  public var problem: String? {
    value == "hide" || value == "show" ? nil : "spoilers is \"\(value)\" (hide or show)"
  }

  private enum CodingKeys: String, CodingKey { case value, changedAt }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    value = try container.decode(String.self, forKey: .value)
    changedAt = container.decodeTime(forKey: .changedAt)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(value, forKey: .value)
    try container.encodeTime(changedAt, forKey: .changedAt)
  }
}

/// When `new` last looked: the time is the value, so the later look wins.
public struct NewLook: SetMember {
  public var at: Date

  public init(at: Date) {
    self.at = at
  }

  public var key: String { "new" }
  public static var rule: MergeRule { .latest }

  public static func merged(base: NewLook?, ours: NewLook, theirs: NewLook, withBase: Bool)
    -> NewLook
  {
    theirs.at > ours.at ? theirs : ours
  }

  private enum CodingKeys: String, CodingKey { case at }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let at = container.decodeTime(forKey: .at) else {
      throw DecodingError.dataCorruptedError(
        forKey: .at, in: container, debugDescription: "not a time")
    }
    self.at = at
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeTime(at, forKey: .at)
  }
}

extension TrackingDocument {
  /// The statuses the viewer set (auto is no member).
  var statusSet: MergeableSet<ShowStatus> {
    get {
      MergeableSet(
        members: shows.compactMap { show in
          show.status.map {
            ShowStatus(showId: show.showId, status: $0, changedAt: show.statusChanged)
          }
        })
    }
    set {
      let wanted = Dictionary(
        newValue.members.map { ($0.showId, $0) }, uniquingKeysWith: { first, _ in first })
      reshape(shows: newValue.members.map(\.showId)) { show in
        show.status = wanted[show.showId]?.status
        show.statusChanged = wanted[show.showId]?.changedAt
      }
    }
  }

  /// The viewer's ratings of shows.
  var showRatingSet: MergeableSet<ShowRating> {
    get {
      MergeableSet(
        members: shows.compactMap { show in
          show.rating.map {
            ShowRating(showId: show.showId, rating: $0, changedAt: show.ratingChanged)
          }
        })
    }
    set {
      let wanted = Dictionary(
        newValue.members.map { ($0.showId, $0) }, uniquingKeysWith: { first, _ in first })
      reshape(shows: newValue.members.map(\.showId)) { show in
        show.rating = wanted[show.showId]?.rating
        show.ratingChanged = wanted[show.showId]?.changedAt
      }
    }
  }

  /// The viewer's ratings of episodes.
  var episodeRatingSet: MergeableSet<EpisodeRating> {
    get { MergeableSet(members: episodes.map { EpisodeRating($0, changedAt: $0.changedAt) }) }
    set {
      episodes = newValue.members.map { member in
        var episode = member.episode
        episode.changedAt = member.changedAt
        return episode
      }
    }
  }

  /// The spoilers choice, once made.
  var spoilerSetting: OneValue<SpoilerSetting> {
    get { OneValue(spoilers.map { SpoilerSetting(value: $0, changedAt: spoilersChanged) }) }
    set {
      spoilers = newValue.value?.value
      spoilersChanged = newValue.value?.changedAt
    }
  }

  /// When `new` last looked.
  var newLook: OneValue<NewLook> {
    get { OneValue(newSince.map(NewLook.init(at:))) }
    set { newSince = newValue.value?.at }
  }

  /// Applies `edit` to every show entry, adding entries for `showIDs` that have none, and
  /// drops entries left with neither a status nor a rating.
  private mutating func reshape(shows showIDs: [Int], _ edit: (inout TrackedShow) -> Void) {
    var known = Set(shows.map(\.showId))
    for id in showIDs where known.insert(id).inserted { shows.append(TrackedShow(showId: id)) }
    for index in shows.indices { edit(&shows[index]) }
    shows.removeAll { $0.status == nil && $0.rating == nil }
  }
}

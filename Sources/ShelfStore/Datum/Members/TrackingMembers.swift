import Foundation
import ShelfDomain

/// A show's status as the viewer set it, and when.
public struct ShowStatus: LatestMember {
  public var showId: Int
  public var status: TrackingStatus
  @ExportTime public var changedAt: Date?

  public init(showId: Int, status: TrackingStatus, changedAt: Date? = nil) {
    self.showId = showId
    self.status = status
    self.changedAt = changedAt
  }

  public var key: Int { showId }
  public var catalogItem: ItemID? { ItemID(.show, showId) }
}

/// The viewer's rating of a show (1–10), and when it was given.
public struct ShowRating: LatestMember {
  public var showId: Int
  public var rating: Int
  @ExportTime public var changedAt: Date?

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
}

/// The viewer's rating of an episode (1–10), with its season and number, and when it was given.
public struct EpisodeRating: LatestMember {
  public var showId: Int
  public var id: Int
  public var season: Int?
  public var number: Int?
  public var rating: Int
  @ExportTime public var changedAt: Date?

  public init(_ episode: RatedEpisode) {
    showId = episode.showId
    id = episode.id
    season = episode.season
    number = episode.number
    rating = episode.rating
    changedAt = episode.changedAt
  }

  /// The rating as `tracking.plist` keeps it.
  public var episode: RatedEpisode {
    RatedEpisode(
      showId: showId, id: id, season: season, number: number, rating: rating,
      changedAt: changedAt)
  }

  public var key: Int { id }
  public var catalogItem: ItemID? { ItemID(.show, showId) }
  public var problem: String? {
    TrackingDocument.ratings.contains(rating)
      ? nil : "episode \(id) has the rating \(rating) (1 to 10)"
  }
}

/// When the viewer started a show again (`rewatch`): the time is the value, so the later start
/// wins.
public struct Rewatch: SetMember {
  public var showId: Int
  public var startedAt: Date

  public init(showId: Int, startedAt: Date) {
    self.showId = showId
    self.startedAt = startedAt
  }

  public var key: Int { showId }
  public var catalogItem: ItemID? { ItemID(.show, showId) }
  public static var rule: MergeRule { .latest }

  public static func merged(base: Rewatch?, ours: Rewatch, theirs: Rewatch, withBase: Bool)
    -> Rewatch
  {
    theirs.startedAt > ours.startedAt ? theirs : ours
  }

  private enum CodingKeys: String, CodingKey { case showId, startedAt }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    showId = try container.decode(Int.self, forKey: .showId)
    guard let at = container.decodeTime(forKey: .startedAt) else {
      throw DecodingError.dataCorruptedError(
        forKey: .startedAt, in: container, debugDescription: "not a time")
    }
    startedAt = at
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(showId, forKey: .showId)
    try container.encodeTime(startedAt, forKey: .startedAt)
  }
}

/// Whether the viewer hides spoilers (`hide` or `show`), once they chose, and when.
public struct SpoilerSetting: LatestMember {
  public var value: String
  @ExportTime public var changedAt: Date?

  public init(value: String, changedAt: Date? = nil) {
    self.value = value
    self.changedAt = changedAt
  }

  public var key: String { "spoilers" }
  public var problem: String? {
    value == "hide" || value == "show" ? nil : "spoilers is \"\(value)\" (hide or show)"
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
      showMembers { show in
        show.status.map {
          ShowStatus(showId: show.showId, status: $0, changedAt: show.statusChanged)
        }
      }
    }
    set {
      setShowMembers(newValue, \.showId) { show, member in
        show.status = member?.status
        show.statusChanged = member?.changedAt
      }
    }
  }

  /// The viewer's ratings of shows.
  var showRatingSet: MergeableSet<ShowRating> {
    get {
      showMembers { show in
        show.rating.map {
          ShowRating(showId: show.showId, rating: $0, changedAt: show.ratingChanged)
        }
      }
    }
    set {
      setShowMembers(newValue, \.showId) { show, member in
        show.rating = member?.rating
        show.ratingChanged = member?.changedAt
      }
    }
  }

  /// When the viewer started shows again.
  var rewatchSet: MergeableSet<Rewatch> {
    get {
      showMembers { show in
        show.rewatchStarted.map { Rewatch(showId: show.showId, startedAt: $0) }
      }
    }
    set {
      setShowMembers(newValue, \.showId) { show, member in
        show.rewatchStarted = member?.startedAt
      }
    }
  }

  /// The members one value of the show entries gives.
  private func showMembers<Member>(_ member: (TrackedShow) -> Member?) -> MergeableSet<Member> {
    MergeableSet(members: shows.compactMap(member))
  }

  /// Sets one value of every show entry from `value` (`write` with nil: none), adding entries
  /// for shows that have none and dropping those left with nothing (`TrackedShow.isEmpty`).
  private mutating func setShowMembers<Member>(
    _ value: MergeableSet<Member>, _ showID: KeyPath<Member, Int>,
    _ write: (inout TrackedShow, Member?) -> Void
  ) {
    let wanted = Dictionary(
      value.members.map { ($0[keyPath: showID], $0) }, uniquingKeysWith: { first, _ in first })
    var known = Set(shows.map(\.showId))
    for member in value.members where known.insert(member[keyPath: showID]).inserted {
      shows.append(TrackedShow(showId: member[keyPath: showID]))
    }
    for index in shows.indices { write(&shows[index], wanted[shows[index].showId]) }
    shows.removeAll(where: \.isEmpty)
  }

  /// The viewer's ratings of episodes.
  var episodeRatingSet: MergeableSet<EpisodeRating> {
    get { MergeableSet(members: episodes.map(EpisodeRating.init)) }
    set { episodes = newValue.members.map(\.episode) }
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
}

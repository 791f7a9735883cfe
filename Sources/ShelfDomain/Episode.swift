import Foundation

/// One episode as TVmaze describes it (`GET /shows/ID/episodes`, the `nextepisode` and
/// `previousepisode` embeds). Only `id` and `season` are required: specials have no number,
/// and old or future episodes may lack a name, date, time or runtime.
public struct Episode: Hashable, Sendable, Codable {
  public struct Rating: Hashable, Sendable, Codable {
    public var average: Double?

    public init(average: Double?) {
      self.average = average
    }
  }

  public var id: Int
  public var name: String?
  public var season: Int
  public var number: Int?
  public var type: String?
  /// `YYYY-MM-DD` in the network's time zone.
  public var airdate: String?
  public var airtime: String?
  /// The moment it airs, ISO 8601 with an offset (`2013-06-25T03:00:00+00:00`).
  public var airstamp: String?
  public var runtime: Int?
  public var rating: Rating?
  public var summary: String?

  public init(id: Int, name: String?, season: Int, number: Int?, airstamp: String? = nil) {
    self.id = id
    self.name = name
    self.season = season
    self.number = number
    self.airstamp = airstamp
    airdate = airstamp.map { String($0.prefix(10)) }
  }

  /// `S01E03` (`S2012E05` for seasons numbered by years; `S01 special` without a number).
  public var code: String { EpisodeCode(season: season, number: number).description }

  /// The moment it airs, when TVmaze gives one.
  public var airsAt: Date? {
    guard let airstamp else { return nil }
    return AirTime.parse(airstamp)
  }

  /// Whether it has aired by `now`: its airstamp, else the end of its airdate (UTC), has passed.
  public func hasAired(by now: Date) -> Bool {
    if let airsAt { return airsAt <= now }
    guard let airdate, let day = AirTime.parseDay(airdate) else { return false }
    return day.addingTimeInterval(86_400) <= now
  }

  /// Episodes in the order they are watched: by season, then number (specials last in their
  /// season), then id.
  public static func watchingOrder(_ left: Episode, _ right: Episode) -> Bool {
    watchingOrder(
      (left.season, left.number, left.id), before: (right.season, right.number, right.id))
  }

  /// The same order from an episode's season, number and id (an outline's, too).
  static func watchingOrder(
    _ left: (season: Int, number: Int?, id: Int), before right: (season: Int, number: Int?, id: Int)
  ) -> Bool {
    if left.season != right.season { return left.season < right.season }
    switch (left.number, right.number) {
    case (let l?, let r?) where l != r: return l < r
    case (.some, .none): return true
    case (.none, .some): return false
    default: return left.id < right.id
    }
  }
}

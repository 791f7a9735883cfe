import Foundation

/// What shelf reads of a Trakt export (https://trakt.docs.apiary.io): the watched shows
/// (`/sync/watched/shows`, a JSON array of `show` with its `ids` and `seasons[].episodes[]`,
/// each with `last_watched_at`) and the ratings (`/sync/ratings/shows` and
/// `/sync/ratings/episodes`: `rating`, `rated_at`, `type`, `show`, `episode`). A file is read
/// whole and checked before anything is used: one that is not such an export, or has an entry
/// twice or a time after now, is refused with the reason and its entry.
public enum TraktExport {
  /// A show as Trakt names it.
  public struct ShowID: Hashable, Sendable, CustomStringConvertible {
    public var title: String
    public var year: Int?
    public var imdb: String?
    public var tvdb: Int?

    /// `Breaking Bad (2008)`.
    public var description: String { year.map { "\(title) (\($0))" } ?? title }

    /// What tells two entries of one show apart from others: its ids, else its title.
    public var key: String {
      if let imdb { return "imdb:\(imdb)" }
      if let tvdb { return "tvdb:\(tvdb)" }
      return "title:\(title.lowercased())|\(year.map(String.init) ?? "")"
    }
  }

  /// One watched episode, with when it was last watched.
  public struct WatchedEpisode: Hashable, Sendable {
    public var season: Int
    public var number: Int
    public var watchedAt: Date?
  }

  /// A watched show and its episodes.
  public struct WatchedShow: Sendable {
    public var show: ShowID
    public var episodes: [WatchedEpisode]
  }

  /// A rating of a show (`season` and `number` nil) or of one of its episodes.
  public struct Rating: Sendable {
    public var show: ShowID
    public var season: Int?
    public var number: Int?
    public var rating: Int
  }

  /// Why a file is not read.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    public let description: String
  }

  /// What a file turned out to hold.
  public enum Contents: Sendable {
    case watched([WatchedShow])
    case ratings([Rating])
  }

  /// Reads a watched-shows or a ratings export; `now` is the latest time an entry may have.
  public static func read(_ data: Data, now: Date) throws(Failure) -> Contents {
    let entries: [Any]
    do {
      guard let array = try JSONSerialization.jsonObject(with: data) as? [Any] else {
        throw Failure(description: "not a Trakt export (not a JSON array)")
      }
      entries = array
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure(
        description: JSONSyntax.problem(in: data).map { "not valid JSON (\($0))" }
          ?? "not a Trakt export (not JSON)")
    }
    // A ratings export's entries have a `rating`; a watched export's, `seasons`.
    if let first = entries.first as? [String: Any], first["rating"] != nil {
      return .ratings(try ratings(entries, now: now))
    }
    return .watched(try watched(entries, now: now))
  }

  private static func watched(_ entries: [Any], now: Date) throws(Failure) -> [WatchedShow] {
    var shows: [WatchedShow] = []
    var seenShows: [String: Int] = [:]
    for (index, raw) in entries.enumerated() {
      let position = index + 1
      guard let entry = raw as? [String: Any], let show = try showID(entry["show"], position),
        let seasons = entry["seasons"] as? [Any]
      else {
        throw Failure(
          description:
            "not a Trakt export of watched shows (entry \(position) has no \"show\" with its \"seasons\")"
        )
      }
      if let earlier = seenShows[show.key] {
        throw Failure(
          description: "entry \(position) repeats \(show) (entry \(earlier))")
      }
      seenShows[show.key] = position
      var episodes: [WatchedEpisode] = []
      var seen = Set<[Int]>()
      for rawSeason in seasons {
        guard let season = rawSeason as? [String: Any], let number = integer(season["number"]),
          let list = season["episodes"] as? [Any]
        else {
          throw Failure(description: "entry \(position) (\(show)) has a season without a number")
        }
        for rawEpisode in list {
          guard let episode = rawEpisode as? [String: Any],
            let episodeNumber = integer(episode["number"])
          else {
            throw Failure(
              description: "entry \(position) (\(show)) has an episode without a number")
          }
          guard seen.insert([number, episodeNumber]).inserted else {
            throw Failure(
              description:
                "entry \(position) (\(show)) lists season \(number) episode \(episodeNumber) twice"
            )
          }
          let watchedAt = try time(
            episode["last_watched_at"] ?? entry["last_watched_at"], now: now,
            where: "entry \(position) (\(show))")
          episodes.append(
            WatchedEpisode(season: number, number: episodeNumber, watchedAt: watchedAt))
        }
      }
      shows.append(WatchedShow(show: show, episodes: episodes))
    }
    return shows
  }

  private static func ratings(_ entries: [Any], now: Date) throws(Failure) -> [Rating] {
    var ratings: [Rating] = []
    var seen: [String: Int] = [:]
    for (index, raw) in entries.enumerated() {
      let position = index + 1
      guard let entry = raw as? [String: Any], let rating = integer(entry["rating"]),
        let show = try showID(entry["show"], position)
      else {
        throw Failure(
          description:
            "not a Trakt export of ratings (entry \(position) has no \"rating\" and \"show\")")
      }
      guard (1...10).contains(rating) else {
        throw Failure(description: "entry \(position) (\(show)) has the rating \(rating), not 1-10")
      }
      _ = try time(entry["rated_at"], now: now, where: "entry \(position) (\(show))")
      var season: Int?
      var number: Int?
      switch entry["type"] as? String {
      case "show": break
      case "episode":
        guard let episode = entry["episode"] as? [String: Any],
          let episodeSeason = integer(episode["season"]),
          let episodeNumber = integer(episode["number"])
        else {
          throw Failure(
            description: "entry \(position) (\(show)) rates an episode without its number")
        }
        season = episodeSeason
        number = episodeNumber
      default:
        // Ratings of movies, seasons and people have nothing to rate here.
        continue
      }
      let key = "\(show.key)|\(season ?? -1)|\(number ?? -1)"
      if let earlier = seen[key] {
        throw Failure(
          description:
            "entry \(position) repeats the rating of entry \(earlier) (\(show))"
        )
      }
      seen[key] = position
      ratings.append(Rating(show: show, season: season, number: number, rating: rating))
    }
    return ratings
  }

  private static func showID(_ raw: Any?, _ position: Int) throws(Failure) -> ShowID? {
    guard let show = raw as? [String: Any], let ids = show["ids"] as? [String: Any] else {
      return nil
    }
    let title = (show["title"] as? String) ?? "entry \(position)"
    let imdb = (ids["imdb"] as? String).flatMap { $0.isEmpty ? nil : $0 }
    return ShowID(title: title, year: integer(show["year"]), imdb: imdb, tvdb: integer(ids["tvdb"]))
  }

  /// A whole number (JSON numbers come as NSNumber; 3.0 counts, 3.5 does not).
  private static func integer(_ raw: Any?) -> Int? {
    guard let number = raw as? NSNumber else { return nil }
    let value = number.doubleValue
    guard value.rounded() == value, abs(value) < 1e15 else { return nil }
    return Int(value)
  }

  /// An ISO 8601 time (nil when there is none); one after `now` or that does not read is refused.
  private static func time(_ raw: Any?, now: Date, where place: String) throws(Failure) -> Date? {
    guard let raw, !(raw is NSNull) else { return nil }
    guard let text = raw as? String, let date = WatchTime.parse(text) else {
      throw Failure(
        description: "\(place) has the time \(String(describing: raw)), which is not one")
    }
    // A minute of slack for clocks that differ.
    guard date <= now.addingTimeInterval(60) else {
      throw Failure(
        description: "\(place) was watched at \(text), after now")
    }
    return date
  }
}

import Foundation

/// One entry of a file of Trakt's export (https://trakt.docs.apiary.io; the export writes what
/// the API answers): of the watched history (`watched_at`, `type`, `episode`, `show`), the
/// watched shows (`show`, `seasons[].episodes[]` with `plays` and `last_watched_at`), the
/// ratings (`rating`, `rated_at`, `type`) or a list (`listed_at`, `type`). Every field is
/// optional and one of the wrong type reads as absent, so that one odd entry is left out
/// rather than the file refused.
struct TraktEntry: Decodable {
  struct IDs: Decodable {
    var trakt: Int?
    var tvdb: Int?
    var imdb: String?

    init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: AnyKey.self)
      trakt = container.lenient(Int.self, "trakt")
      tvdb = container.lenient(Int.self, "tvdb")
      imdb = container.lenient(String.self, "imdb")
    }
  }

  struct Item: Decodable {
    var title: String?
    var year: Int?
    var ids: IDs?
    var season: Int?
    var number: Int?

    init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: AnyKey.self)
      title = container.lenient(String.self, "title")
      year = container.lenient(Int.self, "year")
      ids = container.lenient(IDs.self, "ids")
      season = container.lenient(Int.self, "season")
      number = container.lenient(Int.self, "number")
    }
  }

  struct WatchedEpisode: Decodable {
    var number: Int?
    var plays: Int?
    var lastWatchedAt: String?

    init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: AnyKey.self)
      number = container.lenient(Int.self, "number")
      plays = container.lenient(Int.self, "plays")
      lastWatchedAt = container.lenient(String.self, "last_watched_at")
    }
  }

  struct WatchedSeason: Decodable {
    var number: Int?
    var episodes: [WatchedEpisode]?

    init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: AnyKey.self)
      number = container.lenient(Int.self, "number")
      episodes = container.lenient([WatchedEpisode].self, "episodes")
    }
  }

  var type: String?
  var show: Item?
  var episode: Item?
  var season: Item?
  var movie: Item?
  var watchedAt: String?
  var lastWatchedAt: String?
  var seasons: [WatchedSeason]?
  var rating: Int?
  var ratedAt: String?
  var listedAt: String?

  init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    type = container.lenient(String.self, "type")
    show = container.lenient(Item.self, "show")
    episode = container.lenient(Item.self, "episode")
    season = container.lenient(Item.self, "season")
    movie = container.lenient(Item.self, "movie")
    watchedAt = container.lenient(String.self, "watched_at")
    lastWatchedAt = container.lenient(String.self, "last_watched_at")
    seasons = container.lenient([WatchedSeason].self, "seasons")
    rating = container.lenient(Int.self, "rating")
    ratedAt = container.lenient(String.self, "rated_at")
    listedAt = container.lenient(String.self, "listed_at")
  }

  /// What kind of file an entry comes from, told by its fields.
  var kind: TraktFileKind? {
    if watchedAt != nil, type != nil { return .history }
    if seasons != nil, show != nil { return .watchedShows }
    if rating != nil { return .ratings }
    if listedAt != nil { return .watchlist }
    if movie != nil { return .watchedMovies }
    return nil
  }
}

/// The files of Trakt's export shelf reads (and those it counts and leaves out).
enum TraktFileKind: String, CaseIterable {
  case history = "watched-history"
  case watchedShows = "watched-shows"
  case watchedMovies = "watched-movies"
  case ratings = "ratings"
  case watchlist = "lists-watchlist"

  /// The kind of the export file with that name (parts `-1.json` included), if shelf reads it.
  init?(fileName: String) {
    let name = ExportFileName(fileName)
    guard name.fileExtension == "json" else { return nil }
    switch name.stem {
    case "watched-history", "history": self = .history
    case "watched-shows", "watched": self = .watchedShows
    case "watched-movies": self = .watchedMovies
    case "ratings-shows", "ratings-episodes", "ratings-seasons", "ratings-movies", "ratings":
      self = .ratings
    case "lists-watchlist", "watchlist": self = .watchlist
    default: return nil
    }
  }
}

/// A coding key made of any string.
struct AnyKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where K == AnyKey {
  /// The value under `key`, or nil when it is absent, null or of another type.
  func lenient<T: Decodable>(_ type: T.Type, _ key: String) -> T? {
    (try? decodeIfPresent(type, forKey: AnyKey(stringValue: key))) ?? nil
  }
}

import Foundation
import ShelfStore

/// SeriesGuide's JSON backup of shows (https://github.com/UweTrottmann/SeriesGuide,
/// docs/backup-json-schema.md): an array of shows (`tvdb_id`, `imdb_id`, `title`,
/// `first_aired`, `favorite`, `hidden`, `rating_user`), each with its `seasons` (`season`) and
/// their `episodes` (`episode`, `title`, `watched`, `plays`, `rating_user`). Every show of the
/// backup is followed; a hidden one is `dropped`. The backup keeps no time of watching.
/// Its movies and lists backups hold no shows, and are counted or refused.
struct SeriesGuideReader: HistoryReader {
  private struct Show: Decodable {
    var tvdbID: Int?
    var imdbID: String?
    var title: String?
    var firstAired: String?
    var favorite: Bool?
    var hidden: Bool?
    var rating: Int?
    var seasons: [Season]?
    var isMovie: Bool

    init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: AnyKey.self)
      tvdbID = container.lenient(Int.self, "tvdb_id")
      imdbID = container.lenient(String.self, "imdb_id")
      title = container.lenient(String.self, "title")
      firstAired = container.lenient(String.self, "first_aired")
      favorite = container.lenient(Bool.self, "favorite")
      hidden = container.lenient(Bool.self, "hidden")
      rating = container.lenient(Int.self, "rating_user")
      seasons = container.lenient([Season].self, "seasons")
      isMovie =
        container.contains(AnyKey(stringValue: "in_watchlist"))
        || container.contains(AnyKey(stringValue: "released_utc_ms"))
    }
  }

  private struct Season: Decodable {
    var number: Int?
    var episodes: [Episode]?

    init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: AnyKey.self)
      number = container.lenient(Int.self, "season")
      episodes = container.lenient([Episode].self, "episodes")
    }
  }

  private struct Episode: Decodable {
    var number: Int?
    var title: String?
    var watched: Bool?
    var plays: Int?
    var rating: Int?

    init(from decoder: Decoder) throws {
      let container = try decoder.container(keyedBy: AnyKey.self)
      number = container.lenient(Int.self, "episode")
      title = container.lenient(String.self, "title")
      watched = container.lenient(Bool.self, "watched")
      plays = container.lenient(Int.self, "plays")
      rating = container.lenient(Int.self, "rating_user")
    }
  }

  func read(_ export: ExportFiles) throws(ImportFileError) -> HistoryFile {
    var history = HistoryFile()
    let files = export.files.filter { $0.name.lowercased().hasSuffix(".json") }
    guard !files.isEmpty else {
      throw ImportFileError(path: export.path, reason: "not a SeriesGuide backup (no JSON file)")
    }
    for file in files {
      let data = try file.read()
      let shows: [Show?]
      do {
        shows = try JSONDecoder().decode([Lenient<Show>].self, from: data).map(\.value)
      } catch {
        throw ImportFileError(
          path: file.location, reason: "not a SeriesGuide backup (not a JSON array)")
      }
      guard shows.contains(where: { $0?.seasons != nil || $0?.isMovie == true }) || shows.isEmpty
      else {
        throw ImportFileError(
          path: file.location, reason: "not a SeriesGuide backup of shows (no show has seasons)")
      }
      for (index, show) in shows.enumerated() {
        guard let show, !show.isMovie else {
          history.leave(show == nil ? .rowWithoutEpisode : .movie)
          continue
        }
        rows(of: show, origin: RowOrigin(file: file.name, entry: index + 1), into: &history)
      }
    }
    return history
  }

  private func rows(of show: Show, origin: RowOrigin, into history: inout HistoryFile) {
    let year = show.firstAired.flatMap { Int($0.prefix(4)) }
    let title = show.title ?? show.tvdbID.map { "TheTVDB \($0)" } ?? ""
    guard !title.isEmpty else {
      history.leave(.rowWithoutEpisode)
      return
    }
    let reference = ShowReference(
      title: title, year: year, thetvdb: show.tvdbID, imdb: show.imdbID)
    history.rows.append(HistoryRow(show: reference, fact: .followed, origin: origin))
    if show.hidden == true {
      history.rows.append(HistoryRow(show: reference, fact: .status(.dropped), origin: origin))
    }
    if let rating = show.rating, (1...10).contains(rating) {
      history.rows.append(
        HistoryRow(show: reference, fact: .rating(rating, at: nil), origin: origin))
    }
    for season in show.seasons ?? [] {
      guard let number = season.number else { continue }
      for episode in season.episodes ?? [] where episode.number != nil || episode.title != nil {
        let code = EpisodeReference(season: number, number: episode.number, name: episode.title)
        if episode.watched == true {
          history.rows.append(
            HistoryRow(
              show: reference, episode: code,
              fact: .watched(at: nil, plays: max(1, episode.plays ?? 1)), origin: origin))
        }
        if let rating = episode.rating, (1...10).contains(rating) {
          history.rows.append(
            HistoryRow(
              show: reference, episode: code, fact: .rating(rating, at: nil), origin: origin))
        }
      }
    }
  }
}

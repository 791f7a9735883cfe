import Foundation
import ShelfStore

/// Trakt's export (the zip from trakt.tv/settings/data, its folder, or one of its files; also
/// the API's `/sync/watched/shows` and `/sync/ratings` arrays, which have the same shape):
/// the watched history (a row per play), the watched shows (a row per episode with its plays),
/// the ratings of shows and episodes, and the watchlist (its shows planned). Files split into
/// parts (`watched-history-1.json`, `-2.json`…) are read in order. Movies, and ratings of
/// movies and seasons, are counted and left out.
struct TraktReader: HistoryReader {
  func read(_ export: ExportFiles) throws(ImportFileError) -> HistoryFile {
    var history = HistoryFile()
    if export.isSingleFile, let file = export.files.first {
      let entries = try Self.entries(of: file)
      guard
        let kind = TraktFileKind(fileName: file.name) ?? entries.lazy.compactMap({ $0?.kind }).first
      else {
        if entries.isEmpty { return history }
        throw ImportFileError(
          path: file.location,
          reason: "not a Trakt export (no entry has a show it watched or rated)")
      }
      return Self.rows(entries, kind: kind, file: file)
    }
    var found = false
    for kind in TraktFileKind.allCases {
      for file in export.files(where: { TraktFileKind(fileName: $0) == kind }) {
        found = true
        history.append(contentsOf: Self.rows(try Self.entries(of: file), kind: kind, file: file))
      }
    }
    guard found else { throw ImportFileError(path: export.path, reason: "not a Trakt export") }
    return history
  }

  /// The entries of one file; nil for one that is not an object.
  private static func entries(of file: ExportFiles.File) throws(ImportFileError) -> [TraktEntry?] {
    let data = try file.read()
    do {
      return try JSONDecoder().decode([Lenient<TraktEntry>].self, from: data).map(\.value)
    } catch {
      // A file that is not JSON says where it breaks.
      if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil {
        let reason = JSONSyntax.problem(in: data).map { "not valid JSON (\($0))" }
        throw ImportFileError(
          path: file.location, reason: reason ?? "not a Trakt export (not JSON)")
      }
      throw ImportFileError(path: file.location, reason: "not a Trakt export (not a JSON array)")
    }
  }

  private static func rows(_ entries: [TraktEntry?], kind: TraktFileKind, file: ExportFiles.File)
    -> HistoryFile
  {
    var history = HistoryFile()
    for (index, entry) in entries.enumerated() {
      let origin = RowOrigin(file: file.name, entry: index + 1)
      guard let entry else {
        history.leave(.rowWithoutEpisode)
        continue
      }
      if entry.movie != nil, entry.show == nil {
        history.leave(.movie)
        continue
      }
      guard let show = reference(entry.show) else {
        history.leave(.rowWithoutEpisode)
        continue
      }
      switch kind {
      case .history:
        guard let episode = episode(entry.episode) else {
          history.leave(.rowWithoutEpisode)
          continue
        }
        history.rows.append(
          HistoryRow(
            show: show, episode: episode,
            fact: .play(at: entry.watchedAt.flatMap(ExportTime.parse)),
            origin: origin))
      case .watchedShows:
        for season in entry.seasons ?? [] {
          guard let number = season.number else { continue }
          for watched in season.episodes ?? [] {
            guard let episode = watched.number else { continue }
            let at = (watched.lastWatchedAt ?? entry.lastWatchedAt).flatMap(ExportTime.parse)
            history.rows.append(
              HistoryRow(
                show: show, episode: EpisodeReference(season: number, number: episode),
                fact: .watched(at: at, plays: max(1, watched.plays ?? 1)), origin: origin))
          }
        }
      case .watchedMovies:
        history.leave(.movie)
      case .ratings:
        guard let rating = entry.rating, (1...10).contains(rating) else {
          history.leave(.rowWithoutEpisode)
          continue
        }
        let at = entry.ratedAt.flatMap(ExportTime.parse)
        switch entry.type {
        case "season": history.leave(.seasonRating)
        case "episode":
          guard let episode = episode(entry.episode) else {
            history.leave(.rowWithoutEpisode)
            continue
          }
          history.rows.append(
            HistoryRow(show: show, episode: episode, fact: .rating(rating, at: at), origin: origin))
        default:
          history.rows.append(HistoryRow(show: show, fact: .rating(rating, at: at), origin: origin))
        }
      case .watchlist:
        history.rows.append(HistoryRow(show: show, fact: .status(.plan), origin: origin))
      }
    }
    return history
  }

  private static func reference(_ show: TraktEntry.Item?) -> ShowReference? {
    guard let show else { return nil }
    let title = show.title ?? show.ids?.trakt.map { "Trakt show \($0)" } ?? ""
    guard !title.isEmpty || show.ids?.tvdb != nil || show.ids?.imdb != nil else { return nil }
    return ShowReference(
      title: title, year: show.year, thetvdb: show.ids?.tvdb, imdb: show.ids?.imdb)
  }

  private static func episode(_ episode: TraktEntry.Item?) -> EpisodeReference? {
    guard let episode, let season = episode.season, season >= 0 else { return nil }
    guard episode.number != nil || episode.title != nil else { return nil }
    return EpisodeReference(season: season, number: episode.number, name: episode.title)
  }
}

/// A value that decodes as nil when it does not decode.
struct Lenient<Value: Decodable>: Decodable {
  let value: Value?

  init(from decoder: Decoder) throws {
    value = try? Value(from: decoder)
  }
}

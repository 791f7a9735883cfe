import Foundation
import ShelfStore

/// Yamtrack's CSV export (see `YamtrackCSV`): its `tv` rows (status, score), `season` rows
/// (whose scores are counted and left out) and `episode` rows (watched at `end_date`, rated by
/// `score`, `repeats` more times). A show is known by the ids shelf wrote in `notes` when it
/// exported it, else by its title: Yamtrack's own TV ids are The Movie Database's, which
/// TVmaze does not look up. Movies, anime, books and the rest are counted and left out.
struct YamtrackReader: HistoryReader {
  func read(_ export: ExportFiles) throws(ImportFileError) -> HistoryFile {
    let files = export.files.filter { $0.name.lowercased().hasSuffix(".csv") }
    guard let file = files.first else {
      throw ImportFileError(path: export.path, reason: "not a Yamtrack export (no CSV file)")
    }
    let table = try file.table()
    guard table.hasColumns(["media_id", "media_type", "title"]) else {
      throw ImportFileError(
        path: file.location,
        reason: "not a Yamtrack export (no media_id, media_type and title columns)")
    }
    let columns = Columns(table)
    let shows = showReferences(table, columns)
    var history = HistoryFile()
    for row in table.rows {
      let type = row[columns.type].lowercased()
      guard ["tv", "season", "episode"].contains(type) else {
        history.leave(type == "movie" ? .movie : .otherMedia)
        continue
      }
      guard let show = shows[columns.key(row)] else {
        history.leave(.rowWithoutEpisode)
        continue
      }
      let origin = RowOrigin(file: file.name, line: row.line)
      let score = Double(row[columns.score]).map { Int($0.rounded()) }.flatMap {
        (1...10).contains($0) ? $0 : nil
      }
      let at = ExportTime.parse(row[columns.end]) ?? ExportTime.parse(row[columns.progressed])
      switch type {
      case "tv":
        history.rows.append(HistoryRow(show: show, fact: .followed, origin: origin))
        if let status = YamtrackCSV.status(for: row[columns.status]) {
          history.rows.append(HistoryRow(show: show, fact: .status(status), origin: origin))
        }
        if let score {
          history.rows.append(HistoryRow(show: show, fact: .rating(score, at: at), origin: origin))
        }
      case "season":
        if score != nil { history.leave(.seasonRating) }
      default:
        // A row written back with `--unmatched` may name its episode in the notes instead.
        let notes = YamtrackCSV.Notes(text: row[columns.notes])
        let number = Int(row[columns.episode])
        guard number != nil || notes.episode != nil || notes.episodeID != nil else {
          history.leave(.rowWithoutEpisode)
          continue
        }
        let episode = EpisodeReference(
          season: Int(row[columns.season]), number: number, name: notes.episode,
          tvmaze: notes.episodeID)
        let plays = 1 + max(0, Int(row[columns.repeats]) ?? 0)
        history.rows.append(
          HistoryRow(
            show: show, episode: episode, fact: .watched(at: at, plays: plays), origin: origin))
        // A rewatched episode's last watch, when `progressed_at` is later than `end_date` (as
        // shelf writes it): a play then, within the count `repeats` gives.
        if plays > 1, let last = ExportTime.parse(row[columns.progressed]), let at, last > at {
          history.rows.append(
            HistoryRow(show: show, episode: episode, fact: .play(at: last), origin: origin))
        }
        if let score {
          history.rows.append(
            HistoryRow(show: show, episode: episode, fact: .rating(score, at: at), origin: origin))
        }
      }
    }
    return history
  }

  private struct Columns {
    let id, source, type, title, season, episode, score, status, end, progressed, notes,
      repeats: Int?

    init(_ table: CSVTable) {
      id = table.column("media_id")
      source = table.column("source")
      type = table.column("media_type")
      title = table.column("title")
      season = table.column("season_number")
      episode = table.column("episode_number")
      score = table.column("score")
      status = table.column("status")
      end = table.column("end_date")
      progressed = table.column("progressed_at")
      notes = table.column("notes")
      repeats = table.column("repeats")
    }

    /// What tells a show's rows from another's: its source and id, else its title.
    func key(_ row: CSVTable.Row) -> String {
      row[id].isEmpty ? "title:" + TitleKey(row[title]).text : row[source] + ":" + row[id]
    }
  }

  /// Each show's reference, made from all its rows: the title of any, the ids of the notes
  /// of any, and the id itself when its source is one TVmaze knows.
  private func showReferences(_ table: CSVTable, _ columns: Columns) -> [String: ShowReference] {
    var shows: [String: ShowReference] = [:]
    for row in table.rows
    where ["tv", "season", "episode"].contains(row[columns.type].lowercased()) {
      var ids = YamtrackCSV.Notes(text: row[columns.notes])
      switch row[columns.source].lowercased() {
      case "tvmaze": ids.tvmaze = ids.tvmaze ?? Int(row[columns.id])
      case "tvdb", "thetvdb": ids.thetvdb = ids.thetvdb ?? Int(row[columns.id])
      case "imdb": ids.imdb = ids.imdb ?? row[columns.id]
      default: break
      }
      let title = row[columns.title]
      guard !title.isEmpty || ids.tvmaze != nil || ids.thetvdb != nil || ids.imdb != nil else {
        continue
      }
      var reference = ShowReference(parsingTitle: title, thetvdb: ids.thetvdb, imdb: ids.imdb)
      reference.tvmaze = ids.tvmaze
      let key = columns.key(row)
      shows[key] = shows[key].map { $0.merged(with: reference) } ?? reference
    }
    return shows
  }
}

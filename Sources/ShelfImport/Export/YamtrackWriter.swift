import Foundation
import ShelfDomain
import ShelfStore

/// Writes Yamtrack's CSV (see `YamtrackCSV`) as its own export does: a header, every field
/// quoted. Lines end with LF (Yamtrack reads either; a terminal prints CRLF as one character,
/// which the printer drops). Two documents: a person's shows (`export --as yamtrack`), and
/// the rows an import could not match (`import --from … --unmatched FILE`), which shelf's
/// Yamtrack reader takes back once they are fixed by hand.
public enum YamtrackWriter {
  /// One show of a person, as `export --as yamtrack` writes it.
  public struct ShowRecord: Sendable {
    public var show: Show
    /// The saved status; nil: auto (planning when nothing is watched, else in progress).
    public var status: TrackingStatus?
    public var rating: Int?
    public var marks: [WatchedEpisode]
    /// Episode ratings by episode id.
    public var episodeRatings: [Int: Int]

    public init(
      show: Show, status: TrackingStatus?, rating: Int?, marks: [WatchedEpisode],
      episodeRatings: [Int: Int]
    ) {
      self.show = show
      self.status = status
      self.rating = rating
      self.marks = marks
      self.episodeRatings = episodeRatings
    }
  }

  /// A row an import could not match, with the reason.
  public struct Unmatched: Sendable {
    public var row: HistoryRow
    public var reason: String

    public init(row: HistoryRow, reason: String) {
      self.row = row
      self.reason = reason
    }
  }

  /// The CSV of a person's shows: a `tv` row each (status, score, dates of the first and last
  /// watch), a `season` row per season watched, and an `episode` row per episode watched
  /// (its time as `end_date`, its rating as `score`). Shows are Yamtrack `manual` items whose
  /// media id is TVmaze's, with the TVmaze, TheTVDB and IMDb ids in `notes`.
  public static func shows(_ records: [ShowRecord]) -> String {
    var text = line(YamtrackCSV.columns)
    for record in records {
      let show = record.show
      let marks = record.marks.sorted {
        ($0.season ?? 0, $0.number ?? 0) < ($1.season ?? 0, $1.number ?? 0)
      }
      let times = marks.compactMap(\.watchedAt).sorted()
      let status = record.status ?? (marks.isEmpty ? .plan : .watching)
      let notes = YamtrackCSV.Notes(
        tvmaze: show.id, thetvdb: show.externals?.thetvdb, imdb: show.imdbID)
      var fields = Fields()
      fields["media_id"] = String(show.id)
      fields["source"] = "manual"
      fields["media_type"] = "tv"
      fields["title"] = show.name
      fields["image"] = show.image?.original ?? show.image?.medium ?? ""
      fields["score"] = record.rating.map(String.init) ?? ""
      fields["progress"] = String(marks.count)
      fields["status"] = YamtrackCSV.word(for: status)
      fields["start_date"] = times.first.map(WatchTime.format) ?? ""
      fields["end_date"] = status == .completed ? times.last.map(WatchTime.format) ?? "" : ""
      fields["notes"] = notes.text
      fields["progressed_at"] = times.last.map(WatchTime.format) ?? ""
      text += fields.line
      let seasons = Dictionary(grouping: marks) { $0.season ?? 0 }
      for season in seasons.keys.sorted() {
        let watched = seasons[season] ?? []
        let seasonTimes = watched.compactMap(\.watchedAt).sorted()
        fields["media_type"] = "season"
        fields["season_number"] = String(season)
        fields["score"] = ""
        fields["progress"] = String(watched.count)
        fields["start_date"] = seasonTimes.first.map(WatchTime.format) ?? ""
        fields["progressed_at"] = seasonTimes.last.map(WatchTime.format) ?? ""
        fields["status"] = YamtrackCSV.word(for: status == .completed ? .completed : .watching)
        fields["notes"] = ""
        text += fields.line
      }
      fields["progress"] = ""
      fields["status"] = ""
      fields["start_date"] = ""
      fields["progressed_at"] = ""
      for mark in marks {
        fields["media_type"] = "episode"
        fields["season_number"] = mark.season.map(String.init) ?? ""
        fields["episode_number"] = mark.number.map(String.init) ?? ""
        fields["score"] = record.episodeRatings[mark.id].map(String.init) ?? ""
        fields["end_date"] = mark.watchedAt.map(WatchTime.format) ?? ""
        fields["notes"] = YamtrackCSV.Notes(tvmaze: show.id, episodeID: mark.id).text
        // Its last watch, and the watches after the first.
        fields["progressed_at"] = mark.latestWatch.map(WatchTime.format) ?? ""
        fields["repeats"] = mark.plays > 1 ? String(mark.plays - 1) : ""
        text += fields.line
      }
    }
    return text
  }

  /// The CSV of rows an import did not match: an `episode` row for each episode (its name in
  /// `notes` when it has no number), a `tv` row for the rest (a status, a rating), each with
  /// the ids the export gave and why it was not found in `notes`.
  public static func unmatched(_ rows: [Unmatched]) -> String {
    var text = line(YamtrackCSV.columns)
    for entry in rows {
      let row = entry.row
      var fields = Fields()
      fields["source"] = "manual"
      fields["media_type"] = row.episode == nil ? "tv" : "episode"
      fields["title"] = row.show.description
      fields["season_number"] = row.episode?.season.map(String.init) ?? ""
      fields["episode_number"] = row.episode?.number.map(String.init) ?? ""
      let notes = YamtrackCSV.Notes(
        tvmaze: row.show.tvmaze, thetvdb: row.show.thetvdb, imdb: row.show.imdb,
        episode: row.episode?.number == nil ? row.episode?.name : nil,
        notFound: "\(entry.reason) (\(row.origin))")
      fields["notes"] = notes.text
      switch row.fact {
      case .play(let at), .watched(let at, _):
        fields["end_date"] = at.map(WatchTime.format) ?? ""
      case .rating(let value, let at):
        fields["score"] = String(value)
        fields["end_date"] = at.map(WatchTime.format) ?? ""
      case .status(let status):
        fields["status"] = YamtrackCSV.word(for: status)
      case .followed:
        break
      }
      text += fields.line
    }
    return text
  }

  /// A record's fields by column name, written in the columns' order.
  private struct Fields {
    private var values: [String: String] = [:]

    subscript(column: String) -> String {
      get { values[column] ?? "" }
      set { values[column] = newValue }
    }

    var line: String { YamtrackWriter.line(YamtrackCSV.columns.map { values[$0] ?? "" }) }
  }

  /// One record: every field quoted, quotes doubled.
  static func line(_ fields: [String]) -> String {
    fields.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
      .joined(separator: ",") + "\n"
  }
}

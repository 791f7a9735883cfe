import Foundation
import ShelfStore

/// TV Time's data export (the zip its data request gave, or the folder it was extracted to):
/// a CSV per table of its database. Read, and only these: the episode records of
/// `tracking-prod-records-v2.csv` (else those of the older `tracking-prod-records.csv`,
/// `seen_episode.csv`, `seen_episode_source.csv` and `watched_on_episode.csv`), the rewatches of
/// `rewatched_episode.csv`, and the followed and archived shows (`followed_tv_show.csv`,
/// `user_tv_show_data.csv`, the series rows of the v2 records). The account files (tokens,
/// logins, addresses, devices) are never opened. Shows are TheTVDB ids (`s_id`, `tv_show_id`);
/// a file that names a show only by its name gets the id another file gives that name. Each
/// episode's plays are counted per file and its earliest time kept; a show archived in TV Time
/// is `dropped` here.
struct TVTimeReader: HistoryReader {
  private static let recordsV2 = "tracking-prod-records-v2.csv"
  private static let recordsV1 = "tracking-prod-records.csv"
  private static let olderEpisodeFiles = [
    "seen_episode.csv", "seen_episode_source.csv", "watched_on_episode.csv",
  ]

  func read(_ export: ExportFiles) throws(ImportFileError) -> HistoryFile {
    var tables: [String: (table: CSVTable, file: ExportFiles.File)] = [:]
    for file in export.files {
      let name = file.name.lowercased()
      guard FormatSniffer.tvTimeNames.contains(name) || name == "show_seen_episode_latest.csv"
      else { continue }
      tables[name] = (try file.table(), file)
    }
    guard !tables.isEmpty else {
      throw ImportFileError(
        path: export.path, reason: "not a TV Time export (it has none of TV Time's show files)")
    }
    var shows = ShowDirectory()
    for (name, entry) in tables.sorted(by: { $0.key < $1.key }) {
      shows.learn(from: entry.table, file: name)
    }
    var history = HistoryFile()
    var episodes = EpisodeTally()
    if let v2 = tables[Self.recordsV2] {
      Self.readRecordsV2(v2.table, file: Self.recordsV2, shows: &shows, into: &episodes)
    } else {
      if let v1 = tables[Self.recordsV1] {
        Self.readRecordsV1(v1.table, file: Self.recordsV1, into: &episodes, history: &history)
      }
      for name in Self.olderEpisodeFiles {
        guard let older = tables[name] else { continue }
        Self.readEpisodes(older.table, file: name, shows: &shows, into: &episodes)
      }
    }
    if let rewatched = tables["rewatched_episode.csv"] {
      Self.readEpisodes(
        rewatched.table, file: "rewatched_episode.csv", shows: &shows, into: &episodes,
        rewatches: true)
    }
    history.rows += episodes.rows
    history.rows += shows.statusRows
    history.leave(.rowWithoutEpisode, episodes.withoutEpisode)
    history.leave(.movie, episodes.movies)
    return history
  }

  /// `tracking-prod-records-v2.csv`: a row per episode watched (`s_id`, `series_name`,
  /// `season_number`/`s_no`, `episode_number`/`ep_no`, `created_at`), and a row per followed
  /// series (`key` `user-series-…`, `is_followed`, `is_archived`, `is_for_later`).
  private static func readRecordsV2(
    _ table: CSVTable, file: String, shows: inout ShowDirectory, into episodes: inout EpisodeTally
  ) {
    let key = table.column("key")
    let series = table.column("s_id")
    let name = table.column("series_name")
    let season = table.column("season_number") ?? table.column("s_no")
    let number = table.column("episode_number") ?? table.column("ep_no")
    let seasonFallback = table.column("s_no")
    let numberFallback = table.column("ep_no")
    let movie = table.column("movie_name")
    let created = table.column("created_at")
    for row in table.rows {
      if row[key].hasPrefix("user-series-") {
        shows.noteSeries(
          id: Int(row[series]), name: row[name], followed: row[table.column("is_followed")],
          archived: row[table.column("is_archived")], forLater: row[table.column("is_for_later")],
          origin: RowOrigin(file: file, line: row.line))
        continue
      }
      if !row[movie].isEmpty {
        episodes.movies += 1
        continue
      }
      let seasonNumber = Int(row[season]) ?? Int(row[seasonFallback])
      let episodeNumber = Int(row[number]) ?? Int(row[numberFallback])
      guard let reference = shows.reference(id: Int(row[series]), name: row[name]),
        let seasonNumber, let episodeNumber
      else {
        if !row[series].isEmpty || !row[name].isEmpty { episodes.withoutEpisode += 1 }
        continue
      }
      episodes.add(
        reference, EpisodeReference(season: seasonNumber, number: episodeNumber),
        at: ExportTime.parse(row[created]), file: file, line: row.line)
    }
  }

  /// `tracking-prod-records.csv`, the older log: episodes with `series_id`, `season_number`,
  /// `episode_number` and `watch_date` (seconds) or `created_at`; movies counted.
  private static func readRecordsV1(
    _ table: CSVTable, file: String, into episodes: inout EpisodeTally, history: inout HistoryFile
  ) {
    let type = table.column("type")
    let entity = table.column("entity_type")
    let series = table.column("series_id")
    let name = table.column("series_name")
    let season = table.column("season_number")
    let number = table.column("episode_number")
    let watchDate = table.column("watch_date")
    let created = table.column("created_at")
    for row in table.rows where row[type] == "watch" {
      if row[entity] == "movie" {
        history.leave(.movie)
        continue
      }
      guard let id = Int(row[series]), let seasonNumber = Int(row[season]),
        let episodeNumber = Int(row[number])
      else { continue }
      let at =
        Int(row[watchDate]).map { Date(timeIntervalSince1970: TimeInterval($0)) }
        ?? ExportTime.parse(row[created])
      episodes.add(
        ShowReference(parsingTitle: row[name].isEmpty ? "TheTVDB \(id)" : row[name], thetvdb: id),
        EpisodeReference(season: seasonNumber, number: episodeNumber), at: at, file: file,
        line: row.line)
    }
  }

  /// The files that name the show by `tv_show_name` with `episode_season_number`,
  /// `episode_number` and `created_at` (`rewatched_episode.csv` adds `cpt`, the rewatches).
  private static func readEpisodes(
    _ table: CSVTable, file: String, shows: inout ShowDirectory, into episodes: inout EpisodeTally,
    rewatches: Bool = false
  ) {
    let name = table.column("tv_show_name")
    let id = table.column("tv_show_id")
    let season = table.column("episode_season_number") ?? table.column("season_number")
    let number = table.column("episode_number")
    let created = table.column("created_at") ?? table.column("updated_at")
    let count = table.column("cpt")
    for row in table.rows {
      guard let reference = shows.reference(id: Int(row[id]), name: row[name]),
        let seasonNumber = Int(row[season]), let episodeNumber = Int(row[number])
      else {
        episodes.withoutEpisode += 1
        continue
      }
      episodes.add(
        reference, EpisodeReference(season: seasonNumber, number: episodeNumber),
        at: ExportTime.parse(row[created]), file: file, line: row.line,
        plays: rewatches ? 1 + max(1, Int(row[count]) ?? 1) : 1)
    }
  }
}

/// The episodes of the files read, each counted per file: its plays there and the earliest
/// time, one row per episode and file (so that the files that repeat one another do not add
/// up; the plan keeps the most plays any file has).
private struct EpisodeTally {
  private struct Key: Hashable {
    var show: String
    var episode: EpisodeReference
    var file: String
  }

  private var positions: [Key: Int] = [:]
  private var tallied: [(row: HistoryRow, plays: Int, at: Date?)] = []
  /// The key of each show's reference, made once.
  private var showKeys: [ShowReference: String] = [:]
  var withoutEpisode = 0
  var movies = 0

  mutating func add(
    _ show: ShowReference, _ episode: EpisodeReference, at: Date?, file: String, line: Int,
    plays: Int = 1
  ) {
    let showKey = showKeys[show] ?? show.key
    showKeys[show] = showKey
    let key = Key(show: showKey, episode: episode, file: file)
    if let position = positions[key] {
      let counted = tallied[position].plays
      tallied[position].plays = plays > 1 ? max(counted, plays) : counted + 1
      if let at, tallied[position].at.map({ at < $0 }) ?? true { tallied[position].at = at }
    } else {
      positions[key] = tallied.count
      let row = HistoryRow(
        show: show, episode: episode, fact: .play(at: at), origin: RowOrigin(file: file, line: line)
      )
      tallied.append((row, plays, at))
    }
  }

  var rows: [HistoryRow] {
    tallied.map { tally in
      var row = tally.row
      row.fact = .watched(at: tally.at, plays: tally.plays)
      return row
    }
  }
}

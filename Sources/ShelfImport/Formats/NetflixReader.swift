import Foundation

/// Netflix's viewing history (`NetflixViewingHistory.csv`, from the account's viewing
/// activity): a `Title` and a `Date` per viewing. An episode's title is `Show: Season 2:
/// Episode name` (also `Series 2`, `Part 2`, `Limited Series`, and the words of other
/// languages' accounts); the show is found by its title, the episode by its name within that
/// season. `Show: Episode name`, without a season, is taken as an episode when the same show
/// has seasons elsewhere in the file, and looked for in every season; other titles are films
/// and are counted and left out. Dates are the account's (`12/31/24` in the US, `31/12/2024`
/// elsewhere: told apart by the file's dates), taken as noon UTC.
struct NetflixReader: HistoryReader {
  /// The words Netflix puts before a season's number, in the languages it writes.
  private static let seasonWords: Set<String> = [
    "season", "series", "part", "volume", "temporada", "saison", "staffel", "stagione", "seizoen",
    "sezon", "säsong", "sæson", "sesong", "kausi", "collection",
  ]
  /// Titles Netflix gives a show of one season instead of `Season 1`.
  private static let oneSeasonWords: Set<String> = [
    "limited series", "miniseries", "mini-series", "miniserie", "minisérie", "serie limitada",
  ]

  func read(_ export: ExportFiles) throws(ImportFileError) -> HistoryFile {
    let files = export.files.filter { $0.name.lowercased().hasSuffix(".csv") }
    guard
      let file = files.first(where: { $0.name.lowercased().hasPrefix("netflixviewinghistory") })
        ?? (files.count == 1 ? files.first : nil)
    else {
      throw ImportFileError(
        path: export.path, reason: "not a Netflix viewing history (no CSV file)")
    }
    let table = try file.table()
    guard let title = table.column("Title"), let date = table.column("Date") else {
      throw ImportFileError(
        path: file.location, reason: "not a Netflix viewing history (no Title and Date columns)")
    }
    let order = DateOrder(table.rows.map { $0[date] })
    var history = HistoryFile()
    var withoutSeason: [(show: String, episode: String, row: CSVTable.Row)] = []
    var seasonedShows = Set<TitleKey>()
    for row in table.rows {
      let origin = RowOrigin(file: file.name, line: row.line)
      let parts = row[title].components(separatedBy: ": ").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard parts.count >= 2, !parts[0].isEmpty else {
        history.leave(.movie)
        continue
      }
      if let (index, season) = Self.season(in: parts), index > 0, index < parts.count - 1 {
        let show = parts[..<index].joined(separator: ": ")
        seasonedShows.insert(TitleKey(show))
        history.rows.append(
          HistoryRow(
            show: ShowReference(parsingTitle: show),
            episode: EpisodeReference(
              season: season, name: parts[(index + 1)...].joined(separator: ": ")),
            fact: .play(at: order.date(row[date])), origin: origin))
      } else {
        withoutSeason.append((parts[0], parts.dropFirst().joined(separator: ": "), row))
      }
    }
    // `Show: Episode name` where the file shows that show with seasons: an episode; else a film.
    for entry in withoutSeason {
      guard seasonedShows.contains(TitleKey(entry.show)) else {
        history.leave(.movie)
        continue
      }
      history.rows.append(
        HistoryRow(
          show: ShowReference(parsingTitle: entry.show),
          episode: EpisodeReference(season: nil, name: entry.episode),
          fact: .play(at: order.date(entry.row[date])),
          origin: RowOrigin(file: file.name, line: entry.row.line)))
    }
    return history
  }

  /// The position of the part that names a season, and its number.
  private static func season(in parts: [String]) -> (Int, Int)? {
    for (index, part) in parts.enumerated() {
      let lowered = part.lowercased()
      if oneSeasonWords.contains(lowered) { return (index, 1) }
      let words = lowered.split(separator: " ")
      if words.count == 2, seasonWords.contains(String(words[0])), let number = Int(words[1]),
        number >= 0
      {
        return (index, number)
      }
    }
    return nil
  }
}

/// Whether a file's dates are month first (`12/31/24`) or day first (`31/12/24`): day first
/// when any date's first number is over 12, else month first (the US form Netflix writes
/// most). `31.12.24` and `2024-12-31` are read as they stand.
private struct DateOrder {
  let dayFirst: Bool

  init(_ dates: [String]) {
    dayFirst = dates.contains { date in
      guard date.contains("/"), let first = date.split(separator: "/").first.flatMap({ Int($0) })
      else { return false }
      return first > 12
    }
  }

  func date(_ text: String) -> Date? {
    if text.contains("-") { return ExportTime.parse(text) }
    let separator: Character = text.contains(".") ? "." : "/"
    let parts = text.split(separator: separator).compactMap { Int($0) }
    guard parts.count == 3 else { return nil }
    let year = parts[2] < 100 ? 2000 + parts[2] : parts[2]
    let dayFirst = separator == "." || self.dayFirst
    return ExportTime.day(
      year: year, month: dayFirst ? parts[1] : parts[0], day: dayFirst ? parts[0] : parts[1])
  }
}

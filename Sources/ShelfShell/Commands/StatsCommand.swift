import Foundation
import ShelfDomain
import ShelfStore

/// `stats [--year YYYY]`: how much you watched.
struct StatsCommand: Command {
  static let year = CommandOption(
    ["--year"], .integer("YYYY", in: 1900...9999), help: "count the marks made in that year")

  let name = "stats"
  let summary = "(shows) how much you watched: episodes, time, shows, months, genres"
  var signature: CommandSignature {
    CommandSignature(options: [Self.year.spec])
  }
  let discussion = """
    Episodes watched, the time they took (the sum of their runtimes), shows started and
    completed, a bar for each of the last 12 months (or the year's), the top genres and the
    top shows. Months are those of the local time zone. Marks made before shelf kept the time
    of a mark count in the totals of all time, in no month and in no year. Offline, from the
    episodes saved with your shows.
    """
  let examples = ["stats", "stats --year 2025", "shelf --json -c stats"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let library = context.library
    // Stats asks no show whether it is tracked, so the favourites are not read for that.
    let facts = try library.trackingFacts(favorites: FavoritesDocument())
    let marked = facts.watched.shows.filter { !$0.episodes.isEmpty }
    let known = try library.briefShows(ids: marked.map(\.showId))
    var shows: [WatchingStats.ShowMarks] = []
    for watched in marked {
      let show =
        try known[watched.showId] ?? library.show(id: watched.showId)
        ?? Show(id: watched.showId, name: "show \(watched.showId)")
      let known = library.episodes.knownOutlines(showID: show.id)
      var runtimes = EpisodeIDMap<Int>(capacity: known?.outlines.count ?? 0)
      if let outlines = known?.outlines {
        for episode in outlines {
          if let runtime = episode.runtime { runtimes[episode.id] = runtime }
        }
      }
      shows.append(
        WatchingStats.ShowMarks(
          show: show, marks: watched.episodes, runtimes: runtimes,
          status: facts.status(of: show, outlines: known?.outlines)))
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    let stats = WatchingStats(
      shows: shows, year: arguments[Self.year], now: library.now(), calendar: calendar)
    return CommandResult(report: Report(StatsScreen(stats: stats)))
  }
}

import Foundation
import ShelfCatalog

/// `upcoming [--days N]`: episodes of favourite shows airing soon, by day.
struct UpcomingCommand: Command {
  static let days = CommandOption(
    ["--days"], ValueType.integer("N", in: 1...365).suggesting(["1", "7", "14", "30"]),
    help: "how many days ahead")

  let name = "upcoming"
  let summary = "(shows) episodes of favorite shows airing in the next N days (default 7)"
  let signature = CommandSignature(options: [days.spec])
  let discussion = "Grouped by day, in the local time zone (set TZ to see another)."
  let examples = ["upcoming", "upcoming --days 14"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let days = arguments[Self.days] ?? 7
    let library = context.library
    let now = library.now()
    var rows: [(Date, ShowEpisodeRow)] = []
    let shows = try library.currentShows(library.favorites().shows)
    let episodes = try library.episodesOfFavorites(shows)
    for show in shows {
      guard let known = episodes[show.id] else { continue }
      let guide = EpisodeGuide(known)
      for episode in guide.upcoming(from: now, days: days) {
        guard let date = episode.airsAt else { continue }
        rows.append(
          (
            date,
            ShowEpisodeRow(
              show: show.name, episode: EpisodeModel(episode, show: show, watched: false),
              left: nil)
          ))
      }
    }
    rows.sort { ($0.0, $0.1.show) < ($1.0, $1.1.show) }
    return CommandResult(report: Report(UpcomingScreen(days: days, rows: rows.map(\.1))))
  }
}

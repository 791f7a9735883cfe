import Foundation
import ShelfDomain
import ShelfStore

/// `new [--peek]`: the episodes of favourite shows that aired since the last `new`.
struct NewCommand: Command {
  static let peek = CommandFlag(["--peek"], help: "list them without remembering this look")

  /// How far back the first `new` looks.
  static let firstLook: TimeInterval = 7 * 86_400

  let name = "new"
  let summary = "(shows) episodes of favorite shows that aired since the last \"new\""
  var signature: CommandSignature {
    CommandSignature(options: [Self.peek.spec])
  }
  let discussion = """
    Lists the episodes of your favorite shows that aired since you last ran it (the first
    time: in the last 7 days) and that you have not watched, then remembers now; --peek lists
    them and remembers nothing. Shows you paused, dropped or completed are left out. When
    nothing is new it says "Nothing new since Tue 24 Nov" at the prompt, and prints nothing
    in a script, with -c or in a pipe, so "shelf -c new" suits a cron job or a status bar.
    """
  let examples = ["new", "new --peek", "shelf -c new"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let library = context.library
    let now = library.now()
    let tracking = library.userData.tracking
    let since = try tracking.read().newSince ?? now.addingTimeInterval(-Self.firstLook)
    let shows = try library.currentShows(library.favorites().shows)
    let facts = try library.trackingFacts()
    let shield = try library.spoilerShield()
    let episodes = try library.episodesOfFavorites(shows)
    var rows: [(Date, ShowEpisodeRow)] = []
    for show in shows {
      guard let known = episodes[show.id],
        TrackingListing().schedules(facts.status(of: show, episodes: known))
      else { continue }
      let guide = EpisodeGuide(known)
      let watched = facts.watchedIDs(show: show.id)
      let hidden = shield.hidden(guide, watched: watched)
      for episode in guide.episodes
      where episode.hasAired(by: now) && !episode.hasAired(by: since)
        && !watched.contains(episode.id)
      {
        let row = EpisodeRow(
          episode, show: show, watched: false,
          hidden: hidden.contains(episode.id), myRating: facts.rating(ofEpisode: episode.id))
        rows.append(
          (episode.airsAt ?? since, ShowEpisodeRow(show: show.name, episode: row, left: nil)))
      }
    }
    if !arguments[Self.peek] {
      try tracking.update { $0.newSince = now }
    }
    // Nothing new: said to a person at the prompt, silent for a script or cron.
    guard !rows.isEmpty || context.options.interactive else { return CommandResult() }
    rows.sort { ($0.0, $0.1.show, $0.1.episode.code) < ($1.0, $1.1.show, $1.1.episode.code) }
    return CommandResult(report: Report(NewEpisodesScreen(since: since, rows: rows.map(\.1))))
  }
}

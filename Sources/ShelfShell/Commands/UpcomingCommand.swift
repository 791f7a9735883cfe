import Foundation
import ShelfDomain
import ShelfStore

/// `upcoming [--days N] [--all] [--format ics]`: episodes of favourite shows airing soon, by
/// day, or as an iCalendar document.
struct UpcomingCommand: Command {
  /// What `--format` takes: the calendar format (the shell's own formats are `format NAME`).
  enum DocumentFormat: String, CaseIterable, Sendable {
    case ics
  }

  static let days = CommandOption(
    ["--days"], ValueType.integer("N", in: 1...365).suggesting(["1", "7", "14", "30"]),
    help: "how many days ahead")
  static let all = CommandFlag(["--all"], help: "paused, dropped and completed shows too")
  static let format = CommandOption(
    ["--format"], .choice(of: DocumentFormat.self), help: "an iCalendar document (RFC 5545)")

  let name = "upcoming"
  let summary = "(shows) episodes of favorite shows airing in the next N days (default 7)"
  var signature: CommandSignature {
    CommandSignature(options: [Self.days.spec, Self.all.spec, Self.format.spec])
  }
  let discussion = """
    Grouped by day, in the local time zone (set TZ to see another). Shows you paused, dropped
    or completed ("status") are left out unless --all. --format ics writes the episodes as an
    iCalendar document for a calendar program, whatever the output format: one event per
    episode, its UID made from the TVmaze episode id (so a later export updates the same
    events), the times in UTC from the air time and the runtime (a whole-day event when TVmaze
    gives no time), "Show · S02E05 Name" as its title (spoilers hidden in spoiler-safe mode).
    """
  let examples = [
    "upcoming", "upcoming --days 14", "upcoming --all",
    "upcoming --days 30 --format ics > shows.ics",
  ]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let days = arguments[Self.days] ?? 7
    let library = context.library
    let now = library.now()
    let shows = try library.currentShows(library.favorites().shows)
    let facts = try library.trackingFacts()
    let shield = try library.spoilerShield()
    let listing = TrackingListing(all: arguments[Self.all])
    let episodes = try library.episodesOfFavorites(shows)
    let calendar = arguments[Self.format] == .ics
    var rows: [(Date, ShowEpisodeRow)] = []
    var events: [(Date, CalendarDocument.Event)] = []
    for show in shows {
      guard let known = episodes[show.id],
        listing.schedules(facts.status(of: show, episodes: known))
      else { continue }
      let guide = EpisodeGuide(known)
      let watched = facts.watchedIDs(show: show.id)
      let hidden = shield.hidden(guide, watched: watched)
      let airing =
        calendar
        ? AiringEpisodes.all(in: guide, from: now, days: days)
        : guide.upcoming(from: now, days: days).compactMap { episode in
          episode.airsAt.map { (episode, $0) }
        }
      for (episode, date) in airing {
        let row = EpisodeRow(
          episode, show: show, watched: watched.contains(episode.id),
          hidden: hidden.contains(episode.id), myRating: facts.rating(ofEpisode: episode.id))
        if calendar {
          events.append(
            (
              date,
              CalendarDocument.Event(
                episodeID: episode.id, show: show.name, episode: row.codeAndName,
                timing: AiringEpisodes.timing(of: episode, show: show, at: date))
            ))
        } else {
          rows.append((date, ShowEpisodeRow(show: show.name, episode: row, left: nil)))
        }
      }
    }
    if calendar {
      events.sort { ($0.0, $0.1.show, $0.1.episodeID) < ($1.0, $1.1.show, $1.1.episodeID) }
      return CommandResult(
        report: Report(CalendarScreen(CalendarDocument(events: events.map(\.1), stamp: now))))
    }
    rows.sort { ($0.0, $0.1.show) < ($1.0, $1.1.show) }
    return CommandResult(report: Report(UpcomingScreen(days: days, rows: rows.map(\.1))))
  }
}

/// The episodes a calendar holds: those airing at a time in the window, and those TVmaze gives
/// only a day for (no air time) whose day is in it.
enum AiringEpisodes {
  /// Each episode with the moment it sorts by (its airstamp, or its day at midnight UTC).
  static func all(in guide: EpisodeGuide, from now: Date, days: Int) -> [(Episode, Date)] {
    let end = now.addingTimeInterval(Double(days) * 86_400)
    let today = AirTime.parseDay(WatchTime.format(now).prefix(10).description) ?? now
    return guide.episodes.compactMap { episode in
      if hasTime(episode), let date = episode.airsAt {
        return date >= now && date < end ? (episode, date) : nil
      }
      guard let airdate = episode.airdate, let day = AirTime.parseDay(airdate) else {
        return nil
      }
      return day >= today && day < end ? (episode, day) : nil
    }
  }

  /// Whether TVmaze gives the time it airs (an empty `airtime` means only its day is known).
  static func hasTime(_ episode: Episode) -> Bool {
    guard episode.airstamp != nil else { return false }
    if let airtime = episode.airtime { return !airtime.isEmpty }
    return true
  }

  /// A span from the airstamp for its runtime (the show's when the episode has none, else 30
  /// minutes), or the whole airdate.
  static func timing(of episode: Episode, show: Show, at date: Date) -> CalendarDocument.Timing {
    guard hasTime(episode) else { return .allDay(day: date) }
    let minutes = episode.runtime ?? show.runtime ?? show.averageRuntime ?? 30
    return .span(start: date, end: date.addingTimeInterval(Double(max(minutes, 1)) * 60))
  }
}

import Foundation
import ShelfDomain
import ShelfStore

/// `watched [REF] [--season] [--through CODE]` and `unwatched …`: mark episodes watched, or
/// take the marks back.
struct WatchedCommand: Command {
  static let season = CommandFlag(["--season"], help: "the whole season you are in")
  static let through = CommandOption(
    ["--through"], .episodeCode, help: "every episode up to CODE (S02E05)")
  static let force = CommandFlag(
    ["--force"], help: "(watched) mark episodes that have not aired yet")

  /// True for `watched`, false for `unwatched`.
  let marks: Bool

  var name: String { marks ? "watched" : "unwatched" }
  var summary: String {
    marks ? "(shows) mark episodes watched" : "(shows) take watched marks back"
  }
  var signature: CommandSignature {
    CommandSignature(
      arguments: [ItemArgument.optional.spec],
      options: [Self.season.spec, Self.through.spec] + (marks ? [Self.force.spec] : []))
  }
  var discussion: String {
    """
    On an episode's screen REF defaults to the episode shown; in a season's list it is an
    episode's number or code (3, E3, S01E03); in /upnext a row (the show's id or name). \
    --season marks the whole season you are in, --through S02E05 every episode up to that one. \
    \(marks ? "An episode that has not aired yet is refused, naming its air date (--force marks it); --season and --through leave such episodes out, saying how many. " : "")\
    Marks are kept in watched.plist in the data directory.
    """
  }
  var exampleSetup: [String] { ["cd /shows/1/S1/E3"] }
  var examples: [String] {
    ["\(name)", "\(name) 3", "\(name) S01E03", "\(name) --season", "\(name) --through S02E05"]
  }

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    var target = try EpisodeTarget.resolve(arguments, in: context, command: name)
    let watched = context.library.userData.watched
    let now = context.library.now()
    // Episodes to come are not marked unless --force says so.
    var notAired = 0
    if marks, !arguments[Self.force] {
      let aired = target.episodes.filter { $0.hasAired(by: now) }
      notAired = target.episodes.count - aired.count
      if target.episodes.count == 1, notAired == 1, let episode = target.episodes.first {
        throw ShellError.notAiredYet(
          command: name, episode: Self.named(episode, show: target.show.name),
          airs: Self.airs(episode, now: now))
      }
      target = EpisodeTarget(show: target.show, episodes: aired, what: target.what)
    }
    let episodes = target.episodes.map {
      WatchedEpisode(id: $0.id, season: $0.season, number: $0.number, watchedAt: now)
    }
    let changed =
      marks
      ? try watched.mark(show: target.show.id, episodes: episodes)
      : try watched.unmark(show: target.show.id, episodes: episodes.map(\.id))
    var message = Self.message(
      marks: marks, target: target, changed: changed, show: target.show.name)
    if notAired > 0 {
      let them = notAired == 1 ? "it" : "them"
      message.removeLast()  // the full stop
      message += " (\(notAired) not aired yet, left out: --force marks \(them))."
    }
    // Lists that show marks are shown again, as `rm` shows the cart: /upnext moves on.
    switch context.location {
    case .upNext, .season:
      var report = try context.screens().report(for: context.location)
      report.notes = [.text(StyledText(message))]
      return CommandResult(report: report)
    default:
      return CommandResult(report: .message(message))
    }
  }

  /// `Under the Dome S01E06 "Name"`.
  static func named(_ episode: Episode, show: String) -> String {
    "\(show) \(episode.code)" + (episode.name.map { " \"\($0)\"" } ?? "")
  }

  /// When an episode to come airs: `Tue 1 Dec 21:00 (in 7 days)`, its day, or that TVmaze
  /// has not said.
  static func airs(_ episode: Episode, now: Date) -> String {
    if let date = episode.airsAt {
      return "airs \(AirTime.weekdayAndTime(date)) (\(AirTime.relative(date, from: now)))"
    }
    if let day = episode.airdate, !day.isEmpty { return "airs \(day)" }
    return "has no air date yet"
  }

  static func message(marks: Bool, target: EpisodeTarget, changed: Int, show: String) -> String {
    let state = marks ? "watched" : "not watched"
    if target.episodes.count == 1, let episode = target.episodes.first {
      let name = episode.name.map { " \"\($0)\"" } ?? ""
      let already = changed == 0 ? " (it already was)" : ""
      return "\(show) \(episode.code)\(name): \(state)\(already)."
    }
    let unchanged = target.episodes.count - changed
    let already = unchanged > 0 ? " (\(unchanged) already were)" : ""
    return
      "\(show): \(Thousands.counted(changed, "episodes")) \(target.what) marked \(state)\(already)."
  }
}

/// The episodes a `watched`/`unwatched` line names, and their show.
struct EpisodeTarget {
  let show: Show
  let episodes: [Episode]
  /// "of season 2", "up to S02E05": what the episodes are, for the message.
  let what: String

  static func resolve(_ arguments: ParsedArguments, in context: CommandContext, command: String)
    throws -> EpisodeTarget
  {
    let location = context.location
    if let code = arguments[WatchedCommand.through] {
      let (show, guide) = try showHere(context, command: command)
      guard let last = guide.episode(code, inSeason: location.season) else {
        throw ShellError.unknownReference(code.description, searched: show.name)
      }
      return EpisodeTarget(
        show: show, episodes: guide.episodes(through: last), what: "up to \(last.code)")
    }
    if arguments[WatchedCommand.season] {
      let (show, guide) = try showHere(context, command: command)
      guard let season = location.season else {
        throw ShellError.onlyIn(
          command: "\(command) --season", place: "a season or an episode",
          hint: "cd S1 goes to season 1")
      }
      return EpisodeTarget(
        show: show, episodes: guide.episodes(inSeason: season), what: "of season \(season)")
    }
    let episodeLocation: Location
    if let reference = arguments[ItemArgument.optional] {
      // The episodes of the show you are in are fetched first (a resumed session, or another
      // shell's marks), so that a number or code there names one.
      if let id = location.showID, let show = try context.library.show(id: id) {
        _ = try context.episodes(of: show)
      }
      let entry = try ReferenceResolver(places: context.places).resolve(
        reference, at: location)
      episodeLocation = entry.location
    } else {
      episodeLocation = location
    }
    guard case .episode(let id, let season, let number) = episodeLocation,
      let show = try context.library.show(id: id)
    else {
      throw ShellError.missingReference(
        command: command,
        hint: "open an episode, or give one: \(command) 3 in a season, \(command) S01E03")
    }
    let guide = EpisodeGuide(try context.episodes(of: show))
    guard let episode = guide.episode(EpisodeCode(season: season, number: number)) else {
      throw ShellError.unknownReference("S\(season)E\(number)", searched: show.name)
    }
    return EpisodeTarget(show: show, episodes: [episode], what: "")
  }

  private static func showHere(_ context: CommandContext, command: String) throws -> (
    Show, EpisodeGuide
  ) {
    guard let id = context.location.showID, let show = try context.library.show(id: id) else {
      throw ShellError.onlyIn(
        command: command, place: "a show's screens", hint: "open a show first")
    }
    return (show, EpisodeGuide(try context.episodes(of: show)))
  }
}

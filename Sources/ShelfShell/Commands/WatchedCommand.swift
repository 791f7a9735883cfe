import Foundation
import ShelfDomain
import ShelfStore

/// `watched [REF...] [--season] [--through CODE]` and `unwatched …`: mark episodes watched, or
/// take the marks back; several REFs are all found first, then marked in one write.
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
      arguments: [ItemArgument.several.spec],
      options: [Self.season.spec, Self.through.spec] + (marks ? [Self.force.spec] : []))
  }
  var discussion: String {
    """
    On an episode's screen REF defaults to the episode shown; in a season's list it is an
    episode's number or code (3, E3, S01E03), and several may be given (watched 1 2 3); in \
    /upnext a row (the show's id or name). \
    --season marks the whole season you are in, --through S02E05 every episode up to that one. \
    \(marks ? "An episode that has not aired yet is refused, naming its air date (--force marks it); --season and --through leave such episodes out, saying how many. " : "")\
    Marks are kept in watched.plist in the data directory.
    """
  }
  var examples: [String] {
    [
      "cd /shows/1/S1/E3; \(name)", "cd /shows/1/S1; \(name) 3", "cd /shows/1/S1; \(name) S01E03",
      "cd /shows/1/S1; \(name) 1 2 3", "cd /shows/1/S1; \(name) --season",
      "cd /shows/1; \(name) --through S02E05",
    ]
  }

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    var targets = try EpisodeTarget.resolveAll(arguments, in: context, command: name)
    let now = context.library.now()
    // Episodes to come are not marked unless --force says so: one named is refused, those of
    // --season or --through are left out and counted.
    var notAired = Array(repeating: 0, count: targets.count)
    if marks, !arguments[Self.force] {
      for index in targets.indices {
        let target = targets[index]
        let aired = target.episodes.filter { $0.hasAired(by: now) }
        if target.what.isEmpty,
          let episode = target.episodes.first(where: { !$0.hasAired(by: now) })
        {
          throw ShellError.notAiredYet(
            command: name, episode: Self.named(episode, show: target.show.name),
            airs: Self.airs(episode, now: now))
        }
        notAired[index] = target.episodes.count - aired.count
        targets[index] = EpisodeTarget(show: target.show, episodes: aired, what: target.what)
      }
    }
    // One write for every show's marks.
    let changed = try context.library.userData.watched.file.update { document in
      targets.map { target in
        let episodes = target.episodes.map {
          WatchedEpisode(id: $0.id, season: $0.season, number: $0.number, watchedAt: now)
        }
        return marks
          ? document.mark(show: target.show.id, episodes: episodes)
          : document.unmark(show: target.show.id, episodes: episodes.map(\.id))
      }
    }
    let message = targets.indices.map { index in
      var line = Self.message(
        marks: marks, target: targets[index], changed: changed[index],
        show: targets[index].show.name)
      if notAired[index] > 0 {
        line.removeLast()  // the full stop
        line +=
          " (\(notAired[index]) not aired yet, left out: --force marks"
          + " \(notAired[index] == 1 ? "it" : "them"))."
      }
      return line
    }.joined(separator: " ")
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

  /// When an episode to come airs: `airs Tue 1 Dec 21:00 (in 7 days)`, its day, or that TVmaze
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
      "\(show): \(Thousands.counted(changed, "episodes"))\(target.what.isEmpty ? "" : " " + target.what) marked \(state)\(already)."
  }
}

/// The episodes a `watched`/`unwatched` line names, and their show.
struct EpisodeTarget {
  let show: Show
  let episodes: [Episode]
  /// "of season 2", "up to S02E05": what the episodes are, for the message.
  let what: String

  /// The episodes of each show the line names: one target, or one a show when several REFs
  /// name episodes (`watched 1 2 3` in a season; rows of /upnext).
  static func resolveAll(
    _ arguments: ParsedArguments, in context: CommandContext, command: String
  ) throws -> [EpisodeTarget] {
    let words = arguments.positionalWords
    let single = { (reference: String?) in
      try resolve(arguments, reference: reference, in: context, command: command)
    }
    guard words.count > 1 else { return [try single(words.first)] }
    if let whole = try? single(words.joined(separator: " ")) { return [whole] }
    var targets: [EpisodeTarget] = []
    for target in try words.map(single) {
      if let index = targets.firstIndex(where: { $0.show.id == target.show.id }) {
        let known = Set(targets[index].episodes.map(\.id))
        targets[index] = EpisodeTarget(
          show: target.show,
          episodes: targets[index].episodes + target.episodes.filter { !known.contains($0.id) },
          what: "")
      } else {
        targets.append(target)
      }
    }
    return targets
  }

  static func resolve(
    _ arguments: ParsedArguments, reference: String?, in context: CommandContext,
    command: String
  ) throws -> EpisodeTarget {
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
    if let reference {
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

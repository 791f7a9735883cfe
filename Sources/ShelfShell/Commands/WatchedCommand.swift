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
      options: [Self.season.spec, Self.through.spec, WithPeople.option.spec]
        + (marks ? [Self.force.spec, YesFlag.flag.spec] : []))
  }
  var discussion: String {
    """
    On an episode's screen REF defaults to the episode shown; in a season's list it is an
    episode's number or code (3, E3, S01E03), and several may be given (watched 1 2 3); in \
    /upnext a row (the show's id or name). \
    --season marks the whole season you are in, --through S02E05 every episode up to that one. \
    \(marks ? "An episode that has not aired yet is refused, naming its air date (--force marks it); --season and --through leave such episodes out, saying how many. " : "")\
    --with Mia,Leo (or --with all) \(marks ? "marks" : "takes back") the same episodes for those \
    people too, in one write, with one line for each person. \
    \(marks ? "An episode named that you watched already asks \"Watched before on 3 Mar 2026. Count another watch? [y/N]\" (-y counts it; a script without -y is refused and changes nothing); after \"rewatch\", an episode watched before the rewatch counts another play without asking. " : "A mark of several plays loses the last one; a mark of one goes. ")\
    Marks are kept in watched.plist in the data directory, each with its plays.
    """
  }
  var examples: [String] {
    [
      "cd /shows/1/S1/E3; \(name)", "cd /shows/1/S1; \(name) 3", "cd /shows/1/S1; \(name) S01E03",
      "cd /shows/1/S1; \(name) 1 2 3", "cd /shows/1/S1; \(name) --season",
      "cd /shows/1; \(name) --through S02E05", "cd /shows/1/S1; \(name) 3 --with all",
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
    let people = try WithPeople.people(arguments[WithPeople.option], in: context, command: name)
    let marking = WatchMarking(targets: targets, marks: marks, now: now)
    let userData = context.library.userData
    let persons = people.map { userData.person(for: $0) }
    let rewatches = try persons.map { try $0.tracking.read() }
    // An episode named that was watched already counts another play once you say so.
    let repeats = try persons.indices.flatMap {
      marking.repeats(person: $0, in: try persons[$0].watched.read(), rewatches: rewatches[$0])
    }
    var countAgain = false
    if !repeats.isEmpty {
      countAgain = try context.confirm(
        WatchMarking.question(repeats, people: people, activeID: userData.active.id),
        skip: arguments[YesFlag.flag])
    }
    // One write for every show's marks, of every person at once.
    let outcomes = try WatchedTogether(data: userData, people: persons).update { index, document in
      marking.apply(to: &document, rewatches: rewatches[index], countAgain: countAgain)
    }
    let lines = people.indices.map { person in
      var line = targets.indices.map { index in
        var line = Self.message(
          marks: marks, target: targets[index], outcome: outcomes[person][index])
        if notAired[index] > 0 {
          line.removeLast()  // the full stop
          line +=
            " (\(notAired[index]) not aired yet, left out: --force marks"
            + " \(notAired[index] == 1 ? "it" : "them"))."
        }
        return line
      }.joined(separator: " ")
      if people.count > 1 { line = WithPeople.subject(people[person], in: context) + ": " + line }
      return line
    }
    let message = lines.joined(separator: "\n")
    // Lists that show marks are shown again, as `rm` shows the cart: /upnext moves on.
    switch context.location {
    case .upNext, .season:
      var report = try context.screens().report(for: context.location)
      report.notes = lines.map { .text(StyledText($0)) }
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

  /// One person's outcome of one target: `Lost S01E01 "Pilot": watched.`, `… watched again (2
  /// plays).`, `Lost: 3 episodes of season 1 marked watched (2 already were).`
  static func message(marks: Bool, target: EpisodeTarget, outcome: WatchMarking.Outcome)
    -> String
  {
    let show = target.show.name
    let state = marks ? "watched" : "not watched"
    if target.episodes.count == 1, let episode = target.episodes.first {
      let name = episode.name.map { " \"\($0)\"" } ?? ""
      let what: String
      if outcome.again > 0 {
        what =
          marks
          ? "watched again (\(Thousands.counted(outcome.plays, "plays")))"
          : "one watch taken back (\(Thousands.counted(outcome.plays, "plays")) left)"
      } else {
        let plays = outcome.plays > 1 ? ", \(Thousands.counted(outcome.plays, "plays"))" : ""
        what = state + (outcome.changed ? "" : " (it already was\(plays))")
      }
      return "\(show) \(episode.code)\(name): \(what)."
    }
    let already = outcome.unchanged > 0 ? " (\(outcome.unchanged) already were)" : ""
    let again =
      outcome.again == 0
      ? ""
      : marks
        ? ", \(outcome.again) watched again"
        : ", \(outcome.again) watched once less"
    return
      "\(show): \(Thousands.counted(outcome.added, "episodes"))\(target.what.isEmpty ? "" : " " + target.what) marked \(state)\(again)\(already)."
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

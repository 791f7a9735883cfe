import ShelfDomain
import ShelfStore

/// `rate [REF] N` and `rate [REF] --clear`: your rating of a show or an episode, 1 to 10.
struct RateCommand: Command {
  static let item = CommandArgument(
    .reference, optional: true,
    help: "a show or an episode: an id, a name, a code or a path (default: the one shown)")
  static let rating = CommandArgument(
    .integer("N", in: TrackingDocument.ratings), optional: true, help: "your rating")
  static let clear = CommandFlag(["--clear"], help: "take the rating back")

  let name = "rate"
  let summary = "(shows) rate a show or an episode from 1 to 10, or --clear the rating"
  var signature: CommandSignature {
    CommandSignature(arguments: [Self.item.spec, Self.rating.spec], options: [Self.clear.spec])
  }
  let discussion = """
    On a show's screen REF defaults to the show, on an episode's to the episode; in a season's
    list it is an episode's number or code (3, S01E03). Ratings are shown on the details, in
    lists ("myRating" in JSON) and sort them ("ls /favorites --sort rating"); they are kept in
    tracking.plist.
    """
  let examples = [
    "cd /shows/1; rate 8", "cd /shows; rate Under the Dome 9", "cd /shows/1/S1; rate S01E03 7",
    "cd /shows/1; rate --clear",
  ]

  /// What a rating is given to.
  private enum Target {
    case show(Show)
    case episode(Show, Episode)
  }

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let clear = arguments[Self.clear]
    let rating = arguments[Self.rating]
    var reference = arguments[Self.item]
    if rating == nil, !clear {
      // `rate 11`, `rate Dome 0`: the last word was meant as N.
      if let last = reference?.split(separator: " ").last, WholeNumber.parse(String(last)) != nil {
        throw ShellError.badValue(
          command: name, name: "N", accepts: Self.rating.spec.value.accepts, value: String(last))
      }
      throw ShellError.usage(command: name, message: "give a rating N (1-10), or --clear")
    }
    if rating != nil, clear {
      throw ShellError.usage(command: name, message: "give a rating N or --clear, not both")
    }
    if reference?.isEmpty == true { reference = nil }
    let target = try resolve(reference, in: context)
    let tracking = context.library.userData.tracking
    let changed: Bool
    let subject: String
    switch target {
    case .show(let show):
      changed = try tracking.update { $0.rate(show: show.id, rating) }
      subject = show.name
    case .episode(let show, let episode):
      let rated = rating.map {
        RatedEpisode(
          showId: show.id, id: episode.id, season: episode.season, number: episode.number,
          rating: $0)
      }
      changed = try tracking.update { $0.rate(episode: rated, id: episode.id) }
      subject = "\(show.name) \(episode.code)"
    }
    let text: String
    if let rating {
      text = "\(subject): rated \(rating)/10\(changed ? "" : " (it already was)")."
    } else {
      text = "\(subject): \(changed ? "rating cleared" : "not rated (nothing to clear)")."
    }
    return CommandResult(report: .message(text))
  }

  /// The show or episode REF names; the one shown when REF is nil.
  private func resolve(_ reference: String?, in context: CommandContext) throws -> Target {
    let location: Location
    if let reference {
      // A number or code in a season's list names an episode once the episodes are known.
      if let id = context.location.showID, let show = try context.library.show(id: id) {
        _ = try context.episodes(of: show)
      }
      location = try context.resolveDetails(reference, command: name)
    } else {
      location = context.location
    }
    switch location {
    case .episode(let id, let season, let number):
      guard let show = try context.library.show(id: id) else { break }
      let guide = EpisodeGuide(try context.episodes(of: show))
      guard let episode = guide.episode(EpisodeCode(season: season, number: number)) else {
        throw ShellError.unknownReference("S\(season)E\(number)", searched: show.name)
      }
      return .episode(show, episode)
    default:
      if reference == nil, let id = location.showID, let show = try context.library.show(id: id) {
        return .show(show)
      }
      if reference == nil { break }
      return .show(try context.resolveShow(reference, command: name))
    }
    throw ShellError.missingReference(
      command: name, hint: "open a show or an episode, or give one: rate 1 8, rate S01E03 8")
  }
}

import ShelfStore

/// `status [REF] watching|plan|paused|dropped|completed|auto`: where a show stands for you.
struct StatusCommand: Command {
  /// What `status` takes: a status, or `auto` to derive it from the marks again.
  enum Choice: String, CaseIterable, Sendable {
    case watching, plan, paused, dropped, completed, auto

    var status: TrackingStatus? { TrackingStatus(rawValue: rawValue) }
  }

  static let show = CommandArgument(
    .reference, optional: true, help: "a show: its id, name or path (default: the show shown)")
  static let status = CommandArgument(.choice("STATUS", of: Choice.self), help: "the status")

  let name = "status"
  let summary = "(shows) set where a show stands: watching, plan, paused, dropped, completed, auto"
  var signature: CommandSignature {
    CommandSignature(arguments: [Self.show.spec, Self.status.spec])
  }
  let discussion = """
    auto (the default) derives it: plan while nothing is watched, watching once something is,
    completed when every aired episode is watched and the show has ended. /upnext and upcoming
    leave out paused, dropped and completed shows (--all keeps them); "ls /favorites
    --tracking paused" lists the shows with a status. JSON calls it "tracking" (a show's own
    "status" is TVmaze's: Running, Ended…). Statuses are kept in tracking.plist.
    """
  let examples = [
    "cd /shows/1; status paused", "status show:1 dropped",
    "cd /shows; status Under the Dome completed", "cd /shows/1; status auto",
  ]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let choice = try arguments.required(Self.status)
    let show = try context.resolveShow(arguments[Self.show], command: name)
    let library = context.library
    let changed = try library.userData.tracking.update {
      $0.setStatus(choice.status, of: show.id)
    }
    let already = changed ? "" : " (it already was)"
    guard choice == .auto else {
      return CommandResult(report: .message("\(show.name): \(choice.rawValue)\(already)."))
    }
    let facts = try library.trackingFacts()
    let derived = facts.status(of: show, episodes: library.episodes.known(showID: show.id))
    return CommandResult(
      report: .message("\(show.name): auto, \(derived.rawValue) for now\(already)."))
  }
}

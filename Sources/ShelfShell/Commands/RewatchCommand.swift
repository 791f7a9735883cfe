import ShelfDomain
import ShelfStore

/// `rewatch [REF]`: starts a show again. Up next restarts at its first episode (the marks made
/// since count for it), while every mark keeps its first date and its plays; `watched` then
/// counts another play of each episode without asking.
struct RewatchCommand: Command {
  static let show = CommandArgument(
    .reference, optional: true, help: "a show: its id, name or path (default: the show shown)")

  let name = "rewatch"
  let summary = "(shows) start a show again: up next from its first episode, plays kept"
  var signature: CommandSignature { CommandSignature(arguments: [Self.show.spec]) }
  let discussion = """
    Up next (and the status on auto) follow the episodes watched since: the show is up next
    from its first episode again, and "watched" counts another play of each episode without
    asking. Every mark keeps the date it was first watched and its plays; stats counts every
    play. A status "completed" you set goes back to auto. Rewatching again starts over.
    """
  let examples = ["cd /shows/1; rewatch", "rewatch show:1"]
  let exampleSetup = ["cd /shows/1/S1", "watched --through S01E02"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let show = try context.resolveShow(arguments[Self.show], command: name)
    let userData = context.library.userData
    let marks = try userData.watched.read().episodes(show: show.id)
    guard !marks.isEmpty else { throw ShellError.nothingWatched(command: name, show: show.name) }
    let now = context.library.now()
    let completed = try userData.tracking.update { tracking in
      tracking.startRewatch(of: show.id, at: now)
      guard tracking.status(of: show.id) == .completed else { return false }
      return tracking.setStatus(nil, of: show.id)
    }
    let plays = marks.reduce(0) { $0 + $1.plays }
    var text = "Rewatching \"\(show.name)\""
    if let episodes = context.library.episodes.known(showID: show.id),
      let first = EpisodeGuide(episodes).nextUp(watched: [], now: now)?.episode
    {
      text += ": up next is \(first.code)" + (first.name.map { " \"\($0)\"" } ?? "")
    }
    text +=
      marks.count == 1
      ? ". Its 1 episode watched keeps its first date and \(Thousands.counted(plays, "plays"))."
      : ". Its \(Thousands.grouped(marks.count)) episodes watched keep their first dates and"
        + " \(Thousands.counted(plays, "plays"))."
    if completed { text += " Its status is auto again (it was completed)." }
    return CommandResult(report: .message(text))
  }
}

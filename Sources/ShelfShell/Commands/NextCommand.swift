/// `next [--all]`: goes to /upnext.
struct NextCommand: Command {
  static let all = CommandFlag(["--all"], help: "paused, dropped and completed shows too")

  let name = "next"
  let aliases = ["upnext"]
  let summary = "(shows) go to /upnext: the next episode to watch of each favorite show"
  var signature: CommandSignature {
    CommandSignature(options: [Self.all.spec])
  }
  let discussion = """
    Shows you paused, dropped or completed ("status") are left out unless --all ("ls /upnext
    --all" lists them too).
    """
  let examples = ["next", "next --all"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    return CommandResult(
      report: try context.screens().report(
        for: .upNext, tracking: TrackingListing(all: arguments[Self.all])),
      navigation: .go(.upNext))
  }
}

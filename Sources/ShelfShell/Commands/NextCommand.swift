/// `next [--all]`: goes to /upnext.
struct NextCommand: Command {
  static let all = CommandFlag(["--all"], help: "paused, dropped and completed shows too")
  static let forPerson = CommandOption(
    ["--for"], .otherProfile, help: "NAME's up next (of the shows NAME follows)")

  let name = "next"
  let aliases = ["upnext"]
  let summary = "(shows) go to /upnext: the next episode to watch of each favorite show"
  var signature: CommandSignature {
    CommandSignature(options: [Self.all.spec, Self.forPerson.spec])
  }
  let discussion = """
    Shows you paused, dropped or completed ("status") are left out unless --all ("ls /upnext
    --all" lists them too). --for NAME shows another person's up next ("ls /upnext --for NAME"
    too), without going there.
    """
  let examples = ["next", "next --all"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    if let person = try WithPeople.other(
      arguments[Self.forPerson], option: "--for", in: context, command: name)
    {
      return CommandResult(
        report: try context.screens().report(
          for: .upNext, tracking: TrackingListing(all: arguments[Self.all]), person: person))
    }
    return CommandResult(
      report: try context.screens().report(
        for: .upNext, tracking: TrackingListing(all: arguments[Self.all])),
      navigation: .go(.upNext))
  }
}

/// `next`: goes to /upnext.
struct NextCommand: Command {
  let name = "next"
  let aliases = ["upnext"]
  let summary = "(shows) go to /upnext: the next episode to watch of each favorite show"
  let signature = CommandSignature.none

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    return CommandResult(
      report: try context.screens().report(for: .upNext), navigation: .go(.upNext))
  }
}

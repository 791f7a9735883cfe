/// `ls [PATH] [--posters]`: lists a screen.
struct ListCommand: Command {
  let name = "ls"
  let aliases = ["list", "dir"]
  let summary = "list a screen (default: here)"
  let usage = "ls [PATH] [--posters]"
  let discussion = """
    Lists the screen you are on, or the one PATH names; on a show it fetches its episodes
    (next and previous episode, the seasons). On /shows, --posters draws a small
    poster beside each show (on a colour terminal).
    """
  let examples = ["ls", "ls /toys", "ls toys/building-blocks", "ls /shows --posters"]
  let options = [OptionSpec(["--posters"], help: "draw posters beside shows")]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let location =
      try arguments.optionalArgument("PATH").map { try context.resolvePath($0, command: name) }
      ?? context.location
    let report = try context.screens().report(
      for: location, posters: arguments.has("--posters"), fetchesEpisodes: true)
    return CommandResult(report: report)
  }

  func complete(argumentIndex: Int, prefix: String, in context: CommandContext) -> [Candidate] {
    argumentIndex == 0 ? PathCompletion(context: context).candidates(for: prefix) : []
  }
}

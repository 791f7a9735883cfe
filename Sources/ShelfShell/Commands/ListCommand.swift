/// `ls [PATH] [--posters]`: lists a screen.
struct ListCommand: Command {
  let name = "ls"
  let aliases = ["list", "dir"]
  let summary = "list a screen (default: here)"
  let usage = "ls [PATH] [--posters]"
  let discussion = """
    Lists the screen you are on, or the one PATH names. On /shows, --posters draws a small
    poster beside each show (on a colour terminal).
    """
  let examples = ["ls", "ls /toys", "ls toys/building-blocks", "ls /shows --posters"]
  let options = [OptionSpec(["--posters"], help: "draw posters beside shows")]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let location: Location
    switch try arguments.optionalArgument("PATH") {
    case nil: location = context.location
    case "-":
      guard let previous = context.navigation.previous else {
        throw ShellError.notHere(command: name, hint: "no previous screen yet")
      }
      location = previous
    case let path?: location = try context.resolvePath(path)
    }
    let report = try context.screens().report(for: location, posters: arguments.has("--posters"))
    return CommandResult(report: report)
  }

  func complete(argumentIndex: Int, prefix: String, in context: CommandContext) -> [Candidate] {
    argumentIndex == 0 ? PathCompletion(context: context).candidates(for: prefix) : []
  }
}

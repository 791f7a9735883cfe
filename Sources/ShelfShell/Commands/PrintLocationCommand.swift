/// `pwd`: prints where you are.
struct PrintLocationCommand: Command {
  let name = "pwd"
  let summary = "print the current path"
  let signature = CommandSignature.none

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    return CommandResult(report: Report(PathScreen(path: context.location.path)))
  }
}

/// `{"path": …}`: where you are.
struct PathScreen: Screen {
  let path: String

  var blocks: [Block] { [.text(StyledText(path))] }
}

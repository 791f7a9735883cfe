/// `back`: pops the navigation stack, like an app's back button.
struct BackCommand: Command {
  let name = "back"
  let summary = "return to the previous screen"
  let signature = CommandSignature.none

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    return CommandResult(navigation: .back)
  }
}

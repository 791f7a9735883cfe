/// `back`: pops the navigation stack, like an app's back button.
struct BackCommand: Command {
  let name = "back"
  let summary = "return to the previous screen"
  let usage = "back"

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    guard arguments.positional.isEmpty else {
      throw ShellError.takesNoArguments(command: name)
    }
    return CommandResult(navigation: .back)
  }
}

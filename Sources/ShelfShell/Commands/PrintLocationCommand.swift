/// `pwd`: prints where you are.
struct PrintLocationCommand: Command {
  let name = "pwd"
  let summary = "print the current path"
  let usage = "pwd"

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    guard arguments.positional.isEmpty else {
      throw ShellError.usage(command: name, message: "takes no arguments")
    }
    let path = context.location.path
    return CommandResult(report: Report([.text(StyledText(path))], data: ["path": path]))
  }
}

/// `exit`, `quit`: leaves the shell.
struct ExitCommand: Command {
  let name = "exit"
  let aliases = ["quit", "q"]
  let summary = "leave the shell (Ctrl-D does too)"
  let usage = "exit"

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    CommandResult(exit: true)
  }
}

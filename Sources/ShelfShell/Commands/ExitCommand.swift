/// `exit [N]`, `quit`: leaves the shell, with status N (0-255) when given.
struct ExitCommand: Command {
  let name = "exit"
  let aliases = ["quit", "q"]
  let summary = "leave the shell (Ctrl-D does too)"
  let usage = "exit [N]"
  let discussion =
    "In a script, N (0 to 255) is the exit status; without it the status says whether every command succeeded."

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    guard let text = try arguments.optionalArgument("N") else { return CommandResult(exit: true) }
    guard let status = Int32(text), (0...255).contains(status) else {
      throw ShellError.usage(
        command: name, message: "N must be a status from 0 to 255, not \"\(text)\"")
    }
    return CommandResult(exit: true, exitStatus: status)
  }
}

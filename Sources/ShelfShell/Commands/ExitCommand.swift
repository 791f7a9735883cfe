/// `exit [N]`, `quit`: leaves the shell, with status N (0-255) when given.
struct ExitCommand: Command {
  static let status = CommandArgument(
    .integer("N", in: 0...255), optional: true, help: "the exit status")

  let name = "exit"
  let aliases = ["quit", "q"]
  let summary = "leave the shell (Ctrl-D does too)"
  var signature: CommandSignature {
    CommandSignature(arguments: [Self.status.spec])
  }
  let discussion =
    "In a script, N (0 to 255) is the exit status; without it the status says whether every command succeeded."

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    guard let status = arguments[Self.status] else { return CommandResult(exit: true) }
    return CommandResult(exit: true, exitStatus: Int32(status))
  }
}

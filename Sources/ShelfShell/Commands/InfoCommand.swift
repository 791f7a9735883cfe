/// `info [REF]`: shows an item's details without moving.
struct InfoCommand: Command {
  let name = "info"
  let aliases = ["show"]
  let summary = "show an item's details"
  let usage = "info [REF]"
  let discussion = "On a details screen REF defaults to the item shown."
  let examples = ["info", "info 42", "info toy:42"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let location = try context.resolveDetails(arguments.reference(), command: name)
    return CommandResult(report: try context.screens().report(for: location))
  }

  func complete(argumentIndex: Int, prefix: String, in context: CommandContext) -> [Candidate] {
    argumentIndex == 0 ? ReferenceCompletion(context: context).candidates(for: prefix) : []
  }
}

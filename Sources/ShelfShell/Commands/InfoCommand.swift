/// `info [REF]`: shows an item's details without moving.
struct InfoCommand: Command {
  let name = "info"
  let aliases = ["show"]
  let summary = "show an item's details"
  var signature: CommandSignature {
    CommandSignature(arguments: [ItemArgument.optional.spec])
  }
  let discussion = "On a details screen REF defaults to the item shown."
  let examples = ["cd /toys/Dolls/42; info", "cd /toys/Dolls; info 42", "info toy:42"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let location = try context.resolveDetails(arguments[ItemArgument.optional], command: name)
    return CommandResult(report: try context.screens().report(for: location))
  }
}

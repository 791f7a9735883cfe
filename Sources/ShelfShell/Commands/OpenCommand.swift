/// `open REF`: pushes an item's details.
struct OpenCommand: Command {
  let name = "open"
  let summary = "open an item of the current list (shows its details)"
  var signature: CommandSignature {
    CommandSignature(arguments: [ItemArgument.required.spec])
  }
  let discussion = """
    REF is an item's id, its name (a unique prefix is enough) or, in mixed lists such as
    /favorites and /cart, a kind-qualified id: toy:42, story:7, product:1001, show:1.
    "back" returns to the list.
    """
  let examples = [
    "cd /toys/Dolls; open 42", "cd /toys/Dolls; open rosie", "open toy:42",
    "cd /toys/Dolls; open \"Hanna Dirndl Doll\"",
  ]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let location = try context.resolveDetails(
      try arguments.required(ItemArgument.required), command: name)
    let report = try context.screens().report(for: location)
    return CommandResult(report: report, navigation: .go(location))
  }
}

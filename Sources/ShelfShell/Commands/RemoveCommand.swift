import ShelfStore

/// `rm REF`: removes a cart line (in /cart).
struct RemoveCommand: Command {
  let name = "rm"
  let aliases = ["remove", "del"]
  let summary = "(in /cart) remove a line"
  var signature: CommandSignature {
    CommandSignature(arguments: [ItemArgument.required.spec])
  }
  let examples = ["rm toy:42", "rm 1001", "rm rosie"]
  let exampleSetup = ["buy toy:42 -n 1", "buy toy:31 -n 1", "buy product:1001 -n 1", "cart"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    guard context.location == .cart else {
      throw ShellError.onlyIn(command: name, place: "/cart", hint: "type \"cart\" to go there")
    }
    let entry = try context.resolveItem(
      try arguments.required(ItemArgument.required), command: name, allowingGone: true)
    let item = entry.item
    do {
      try context.library.userData.cart.remove(item)
    } catch CartError.notInCart {
      throw ShellError.unknownReference(item.description, searched: "/cart")
    }
    var report = try context.screens().report(for: .cart)
    report.notes = [.text(StyledText("Removed \"\(entry.name)\" from the cart."))]
    return CommandResult(report: report)
  }
}

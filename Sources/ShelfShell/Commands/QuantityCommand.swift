import ShelfStore

/// `qty REF N`: sets a cart line's quantity (in /cart); 0 removes the line.
struct QuantityCommand: Command {
  let name = "qty"
  let summary = "(in /cart) set a line's quantity; 0 removes it"
  let usage = "qty REF N"
  let examples = ["qty toy:42 3", "qty 1001 0"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    guard context.location == .cart else {
      throw ShellError.onlyIn(command: name, place: "/cart", hint: "type \"cart\" to go there")
    }
    guard arguments.positional.count == 2 else {
      throw ShellError.usage(command: name, message: "expected REF and a quantity")
    }
    let quantity = try Quantity.parse(arguments.positional[1], allowZero: true)
    let entry = try context.resolveItem(arguments.positional[0], command: name, allowingGone: true)
    let item = entry.item
    // A line whose item is gone can only be removed.
    guard !entry.isGone || quantity == 0 else {
      throw ShellError.noLongerAvailable(name: entry.name, item: item)
    }
    do {
      try context.library.userData.cart.setQuantity(item, quantity)
    } catch CartError.notInCart {
      throw ShellError.unknownReference(item.description, searched: "/cart")
    }
    return CommandResult(report: try context.screens().report(for: .cart))
  }

  func complete(argumentIndex: Int, prefix: String, in context: CommandContext) -> [Candidate] {
    argumentIndex == 0 ? ReferenceCompletion(context: context).candidates(for: prefix) : []
  }
}

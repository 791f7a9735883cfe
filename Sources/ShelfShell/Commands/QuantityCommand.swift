import ShelfStore

/// `qty REF N`: sets a cart line's quantity (in /cart); 0 removes the line.
struct QuantityCommand: Command {
  static let line = CommandArgument(.reference.named("REF"), help: "the cart line: an id or a name")
  static let quantity = CommandArgument(
    .integer("N", in: 0...Quantity.range.upperBound), help: "the new quantity (0 removes the line)")

  let name = "qty"
  let summary = "(in /cart) set a line's quantity; 0 removes it"
  var signature: CommandSignature {
    CommandSignature(arguments: [Self.line.spec, Self.quantity.spec], options: [YesFlag.flag.spec])
  }
  let discussion = """
    0 removes the line; given only the start of its name (qty ros 0), that asks first (-y
    skips the question).
    """
  let examples = ["cd /cart; qty toy:42 3", "cd /cart; qty 1001 0"]
  let exampleSetup = ["buy toy:42 -n 1", "buy product:1001 -n 1"]

  /// Tab offers the cart's lines for REF.
  func complete(argumentIndex: Int, prefix: String, in context: CommandContext) -> [Candidate] {
    argumentIndex == 0 ? context.cartChoices.candidates(for: prefix) : []
  }

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    guard context.location == .cart else {
      throw ShellError.onlyIn(command: name, place: "/cart", hint: "type \"cart\" to go there")
    }
    let quantity = try arguments.required(Self.quantity)
    let reference = try arguments.required(Self.line)
    let entry = try context.resolveItem(reference, command: name, allowingGone: true)
    let item = entry.item
    if quantity == 0,
      try !context.confirmNamed(
        [entry], by: [reference], { "remove \($0) from the cart?" }, skip: arguments[YesFlag.flag])
    {
      return CommandResult(report: .message("Kept \"\(entry.name)\" in the cart."))
    }
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
}

import ShelfStore

/// `rm REF`: removes a cart line (in /cart).
struct RemoveCommand: Command {
  let name = "rm"
  let aliases = ["remove", "del"]
  let summary = "(in /cart) remove a line"
  var signature: CommandSignature {
    CommandSignature(arguments: [ItemArgument.required.spec], options: [YesFlag.flag.spec])
  }
  let discussion = """
    REF is a line's id, kind-qualified id or name; given only the start of a name (rm ros),
    it asks first (-y skips the question).
    """
  let examples = ["rm toy:42", "rm 1001", "rm rosie", "rm ros -y"]
  let exampleSetup = ["buy toy:42 -n 1", "buy toy:31 -n 1", "buy product:1001 -n 1", "cart"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    guard context.location == .cart else {
      throw ShellError.onlyIn(command: name, place: "/cart", hint: "type \"cart\" to go there")
    }
    let reference = try arguments.required(ItemArgument.required)
    let entry = try context.resolveItem(reference, command: name, allowingGone: true)
    let item = entry.item
    guard
      try context.confirmNamed(
        entry, by: reference, "remove it from the cart?", skip: arguments[YesFlag.flag])
    else {
      return CommandResult(report: .message("Kept \"\(entry.name)\" in the cart."))
    }
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

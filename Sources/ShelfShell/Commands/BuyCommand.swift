import ShelfDomain
import ShelfStore

/// `buy [REF] [-n QTY]`: adds a toy or product to the cart.
struct BuyCommand: Command {
  static let quantity = CommandOption(["-n", "--quantity"], Quantity.value, help: "how many")
  static let forPerson = CommandOption(
    ["--for"], .otherProfile, help: "claim it on NAME's wish list as you buy it")

  let name = "buy"
  let aliases = ["add"]
  let summary = "add a toy or product to the cart (asks the quantity without -n)"
  var signature: CommandSignature {
    CommandSignature(
      arguments: [ItemArgument.optional.spec], options: [Self.quantity.spec, Self.forPerson.spec])
  }
  let discussion = """
    Adds QTY (1 to 999) to the cart; buying again adds to the line. Without -n it asks
    "Quantity [1]:" at a terminal and means 1 in a script. --for NAME also claims the item on
    NAME's wish list (it must be on it, and not claimed by someone else).
    """
  let examples = [
    "cd /toys/Dolls/42; buy", "cd /toys/Dolls/42; buy -n 2", "cd /toys/Dolls; buy 42 -n 3",
    "buy product:1001",
  ]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let entry = try context.resolveItem(arguments[ItemArgument.optional], command: name)
    let item = entry.item
    guard item.kind.isBuyable else {
      throw ShellError.notBuyable("\"\(entry.name)\"")
    }
    let owner = try arguments[Self.forPerson].map {
      try wishListOwner($0, of: item, entry, context)
    }
    let quantity: Int
    if let given = arguments[Self.quantity] {
      quantity = given
    } else if context.options.interactive {
      quantity = try askQuantity(context)
    } else {
      quantity = 1
    }
    let total: Int
    do {
      total = try context.library.userData.cart.add(
        item, quantity: quantity, name: entry.name, boughtFor: owner?.personID)
    } catch CartError.limit(_, let wouldBe) {
      throw ShellError.quantityLimit(name: entry.name, wouldBe: wouldBe)
    }
    var text = "Added \(quantity) × \"\(entry.name)\" to the cart (\(total) in the cart)."
    if let owner {
      _ = try ClaimCommand.claim(
        [(item, entry.name)], on: owner, by: context.library.userData.active, in: context,
        command: name)
      text += " Claimed it on \(owner.name)'s wish list (\(owner.name) will not see it)."
    }
    return CommandResult(report: .message(text))
  }

  /// The person `--for` names, checked before anything is bought: someone else, who wished
  /// for the item, which no one else has claimed.
  private func wishListOwner(
    _ given: String, of item: ItemID, _ entry: ResolvedItem, _ context: CommandContext
  ) throws -> ProfileRecord {
    let owner = try context.library.profile(named: given)
    let me = context.library.userData.active
    guard owner.id != me.id else { throw ClaimCommand.ownList(command: name) }
    guard let wish = try context.library.userData.person(for: owner).wishList.read().wish(item)
    else { throw ClaimCommand.notOnList(entry.name, owner: owner, command: name) }
    if let other = wish.claimer(in: try context.library.household()), other.id != me.id {
      throw ShellError.household(
        command: name, message: "\"\(entry.name)\" is already claimed by \(other.name)")
    }
    return owner
  }

  /// Asks `Quantity [1]:` until the answer is a quantity (Enter means 1); no answer cancels.
  private func askQuantity(_ context: CommandContext) throws -> Int {
    var lines: [StyledText] = []
    while true {
      guard let answer = context.asker.ask(Question(lines: lines, prompt: "Quantity [1]: "))
      else { throw ShellError.cancelled("") }
      let typed = answer.trimmingCharacters(in: .whitespaces)
      if typed.isEmpty { return 1 }
      if let quantity = Quantity.value.read(typed) { return quantity }
      let error = ShellError.badValue(
        command: name, name: "the quantity", accepts: Quantity.value.accepts, value: typed)
      lines = [StyledText(error.message, .error)]
    }
  }
}

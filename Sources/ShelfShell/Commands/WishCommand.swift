import ShelfStore

/// `wish [REF]` and `unwish [REF]`: the active profile's wish list (toys, products, stories).
struct WishCommand: Command {
  let adds: Bool
  var name: String { adds ? "wish" : "unwish" }
  var summary: String {
    adds
      ? "add a toy, product or story to your wish list"
      : "take an item off your wish list"
  }
  var signature: CommandSignature {
    CommandSignature(
      arguments: [ItemArgument.optional.spec], options: adds ? [] : [YesFlag.flag.spec])
  }
  var discussion: String {
    adds
      ? """
      Adds the item to the active profile's wish list (/wishlist). Others see it at
      /profiles/NAME/wishlist, where "claim" marks what they are buying; you never see claims.
      """
      : """
      Takes the item off the active profile's wish list (a claim on it goes with it); given
      only the start of its name, it asks first (-y skips the question).
      """
  }
  var exampleSetup: [String] { adds ? ["cd /toys/Dolls/42"] : ["cd /toys/Dolls/42", "wish"] }
  var examples: [String] {
    adds ? ["wish", "wish 42", "wish story:7"] : ["unwish", "unwish toy:42"]
  }

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let reference = arguments[ItemArgument.optional]
    let entry = try context.resolveItem(reference, command: name, allowingGone: !adds)
    let item = entry.item
    guard item.kind != .show else {
      throw ShellError.wrongKind(
        command: name, name: entry.name,
        needs: "is a TV show; a wish list takes toys, products and stories")
    }
    let userData = context.library.userData
    if adds {
      let added = try userData.person.wishList.update { $0.add(item, name: entry.name) }
      return CommandResult(
        report: .message(
          added
            ? "Added \"\(entry.name)\" to your wish list."
            : "\"\(entry.name)\" is already on your wish list."))
    }
    guard
      try context.confirmNamed(
        entry, by: reference, "take it off your wish list?", skip: arguments[YesFlag.flag])
    else {
      return CommandResult(report: .message("Kept \"\(entry.name)\" on your wish list."))
    }
    let removed = try userData.person.wishList.update { $0.remove(item) }
    guard removed else {
      throw ShellError.household(
        command: name, message: "\"\(entry.name)\" is not on your wish list")
    }
    return CommandResult(report: .message("Took \"\(entry.name)\" off your wish list."))
  }
}

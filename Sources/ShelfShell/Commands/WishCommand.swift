import ShelfStore

/// `wish [REF...]` and `unwish [REF...]`: the active profile's wish list (toys, products,
/// stories). Several REFs are all checked, then changed in one write.
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
      arguments: [ItemArgument.several.spec], options: adds ? [] : [YesFlag.flag.spec])
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
  var exampleSetup: [String] { adds ? [] : ["wish toy:42"] }
  var examples: [String] {
    adds
      ? [
        "cd /toys/Dolls/42; wish", "cd /toys/Dolls; wish 42", "wish story:7", "wish toy:42 toy:31",
      ]
      : ["cd /toys/Dolls/42; unwish", "unwish toy:42"]
  }

  /// `unwish`: Tab offers your wishes; `wish` any item.
  func complete(argumentIndex: Int, prefix: String, in context: CommandContext) -> [Candidate] {
    guard adds else { return context.wishChoices.candidates(for: prefix) }
    return ValueCandidates(context: context).candidates(
      for: ItemArgument.several.spec.value, help: "", prefix: prefix)
  }

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let words = arguments.positionalWords
    let entries = try context.resolveItems(words, command: name, allowingGone: !adds)
    if let show = entries.first(where: { $0.item.kind == .show }) {
      throw ShellError.wrongKind(
        command: name, name: show.name,
        needs: "is a TV show; a wish list takes toys, products and stories")
    }
    let userData = context.library.userData
    if adds {
      let added = try userData.person.wishList.update { list in
        entries.map { list.add($0.item, name: $0.name) }
      }
      let new = zip(entries, added).filter { $0.1 }.map(\.0.name)
      let old = zip(entries, added).filter { !$0.1 }.map(\.0.name)
      var parts: [String] = []
      if !new.isEmpty { parts.append("Added \(WordList.quoted(new)) to your wish list") }
      if !old.isEmpty {
        parts.append(
          "\(WordList.quoted(old)) \(old.count == 1 ? "is" : "are") already on your wish list")
      }
      return CommandResult(report: .message(parts.joined(separator: "; ") + "."))
    }
    guard
      try context.confirmNamed(
        entries, by: words, { "take \($0) off your wish list?" }, skip: arguments[YesFlag.flag])
    else {
      return CommandResult(
        report: .message("Kept \(WordList.quoted(entries.map(\.name))) on your wish list."))
    }
    try userData.person.wishList.update { list in
      // Every item must be there, or none is taken off.
      if let missing = entries.first(where: { list.wish($0.item) == nil }) {
        throw ShellError.household(
          command: name, message: "\"\(missing.name)\" is not on your wish list")
      }
      for entry in entries { _ = list.remove(entry.item) }
    }
    return CommandResult(
      report: .message("Took \(WordList.quoted(entries.map(\.name))) off your wish list."))
  }
}

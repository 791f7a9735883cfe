import ShelfStore

/// `rm REF...`: removes cart lines (in /cart); every REF must be a line, or none is removed.
struct RemoveCommand: Command {
  let name = "rm"
  let aliases = ["remove", "del"]
  let summary = "(in /cart) remove lines"
  var signature: CommandSignature {
    CommandSignature(arguments: [ItemArgument.severalRequired.spec], options: [YesFlag.flag.spec])
  }
  let discussion = """
    Removes the lines REF names (Tab offers the cart's lines); several are removed together,
    or none when one of them is not in the cart. A REF that is only the start of a name (rm
    ros) asks first; -y skips the question.
    """
  let examples = [
    "cd /cart; rm toy:42", "cd /cart; rm 1001", "cd /cart; rm rosie",
    "cd /cart; rm toy:42 product:1001", "cd /cart; rm ros -y",
  ]
  let exampleSetup = ["buy toy:42 -n 1", "buy toy:31 -n 1", "buy product:1001 -n 1"]

  /// Tab offers the cart's lines.
  func complete(argumentIndex: Int, prefix: String, in context: CommandContext) -> [Candidate] {
    context.cartChoices.candidates(for: prefix)
  }

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    guard context.location == .cart else {
      throw ShellError.onlyIn(command: name, place: "/cart", hint: "type \"cart\" to go there")
    }
    let words = arguments.positionalWords
    let entries = try context.resolveItems(words, command: name, allowingGone: true)
    guard
      try context.confirmNamed(
        entries, by: words, { "remove \($0) from the cart?" }, skip: arguments[YesFlag.flag])
    else {
      return CommandResult(
        report: .message("Kept \(WordList.quoted(entries.map(\.name))) in the cart."))
    }
    try context.library.userData.cart.file.update { cart in
      if let missing = entries.first(where: { entry in
        !cart.lines.contains { $0.item == entry.item }
      }) {
        throw ShellError.unknownReference(missing.item.description, searched: "/cart")
      }
      let removed = Set(entries.map(\.item))
      cart.lines.removeAll { removed.contains($0.item) }
    }
    var report = try context.screens().report(for: .cart)
    report.notes = [
      .text(StyledText("Removed \(WordList.quoted(entries.map(\.name))) from the cart."))
    ]
    return CommandResult(report: report)
  }
}

/// `cart`: goes to /cart and shows it.
struct CartCommand: Command {
  let name = "cart"
  let summary = "go to /cart (lines, quantities, totals)"
  let signature = CommandSignature.none

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    return CommandResult(report: try context.screens().report(for: .cart), navigation: .go(.cart))
  }
}

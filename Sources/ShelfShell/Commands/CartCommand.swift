/// `cart`: goes to /cart and shows it.
struct CartCommand: Command {
  let name = "cart"
  let summary = "go to /cart (lines, quantities, totals)"
  let usage = "cart"

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    guard arguments.positional.isEmpty else {
      throw ShellError.takesNoArguments(command: name)
    }
    return CommandResult(report: try context.screens().report(for: .cart), navigation: .go(.cart))
  }
}

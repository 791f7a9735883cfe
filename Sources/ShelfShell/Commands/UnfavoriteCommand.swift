import ShelfCatalog
import ShelfStore

/// `unfav [REF] [-y]`: removes a favourite after a confirmation.
struct UnfavoriteCommand: Command {
  let name = "unfav"
  let aliases = ["unfavorite", "unfavourite"]
  let summary = "remove from favorites (asks first; -y skips the question)"
  let usage = "unfav [REF] [-y]"
  let discussion =
    "Asks Remove \"<name>\" from favorites? [y/N]; Enter means no. In a script, -y or --yes is needed."
  let examples = ["unfav", "unfav toy:42 -y", "unfav show:1"]
  let options = [OptionSpec(["-y", "--yes"], help: "do not ask")]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let entry = try context.resolveItem(try arguments.optionalArgument("REF"), command: name)
    guard let item = entry.item else {
      throw ShellError.missingReference(command: name, hint: "give an item")
    }
    guard try context.library.favorites().contains(item) else {
      throw ShellError.notAFavorite("\"\(entry.name)\"")
    }
    guard
      try context.confirm("Remove \"\(entry.name)\" from favorites?", skip: arguments.has("--yes"))
    else {
      let text = "Kept \"\(entry.name)\" in favorites."
      return CommandResult(
        report: Report([.text(StyledText(text))], data: MessageModel(message: text)))
    }
    let remove = { try context.library.userData.favorites.update { $0.remove(item) } }
    if item.kind == .show {
      _ = try context.withRetry(saving: true, action: "unfav") {
        do { return try remove() } catch let error as StoreError { throw ShellError.store(error) }
      }
    } else {
      _ = try remove()
    }
    let text = "Removed \"\(entry.name)\" from favorites."
    return CommandResult(
      report: Report([.text(StyledText(text))], data: MessageModel(message: text)))
  }

  func complete(argumentIndex: Int, prefix: String, in context: CommandContext) -> [Candidate] {
    argumentIndex == 0 ? ReferenceCompletion(context: context).candidates(for: prefix) : []
  }
}

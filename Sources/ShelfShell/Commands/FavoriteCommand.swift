/// `fav [REF]`: saves an item to the favourites (a show with its data, for offline use).
struct FavoriteCommand: Command {
  let name = "fav"
  let aliases = ["favorite", "favourite"]
  let summary = "add to favorites"
  var signature: CommandSignature {
    CommandSignature(arguments: [ItemArgument.optional.spec])
  }
  let discussion = """
    On a details screen REF defaults to the item shown. Shows are saved with their data, so
    /favorites works offline.
    """
  let examples = ["fav", "fav 42", "fav show:1"]
  let exampleSetup = ["cd /toys/Dolls/42"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let entry = try context.resolveItem(arguments[ItemArgument.optional], command: name)
    let item = entry.item
    let show = item.kind == .show ? try context.library.show(id: item.id) : nil
    let added = try context.changingFavorites(of: item, action: name) {
      try context.library.userData.favorites.add(item, show: show, name: entry.name)
    }
    // A favourite show's episodes are saved with it (offline seasons, up next, upcoming),
    // fetched when they are not known; without them it is still a favourite.
    if let show { context.library.saveEpisodesWithFavorites(show) }
    let text =
      added ? "Added \"\(entry.name)\" to favorites." : "\"\(entry.name)\" is already a favorite."
    return CommandResult(report: .message(text))
  }
}

/// `fav [REF]`: saves an item to the favourites (a show with its data, for offline use).
struct FavoriteCommand: Command {
  let name = "fav"
  let aliases = ["favorite", "favourite"]
  let summary = "add to favorites"
  var signature: CommandSignature {
    CommandSignature(arguments: [ItemArgument.optional.spec])
  }
  let discussion = """
    On a details screen REF defaults to the item shown (on a season or an episode, its show).
    Shows are saved with their data, so /favorites works offline.
    """
  let examples = ["fav", "fav 42", "fav show:1"]
  let exampleSetup = ["cd /toys/Dolls/42"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let entry = try context.resolveItemOrShow(arguments[ItemArgument.optional], command: name)
    let item = entry.item
    let already = "\"\(entry.name)\" is already a favorite."
    // A favourite is answered at once: nothing is fetched or written.
    let favorites = context.library.userData.favorites
    if try context.changingFavorites(of: item, action: name, { try favorites.contains(item) }) {
      return CommandResult(report: .message(already))
    }
    let show = item.kind == .show ? try context.library.show(id: item.id) : nil
    let added = try context.changingFavorites(of: item, action: name) {
      try favorites.add(item, show: show, name: entry.name)
    }
    guard added else { return CommandResult(report: .message(already)) }
    // A favourite show's episodes are saved with it (offline seasons, up next, upcoming),
    // fetched when they are not known; without them it is still a favourite.
    if let show { context.library.saveEpisodesWithFavorites(show) }
    return CommandResult(report: .message("Added \"\(entry.name)\" to favorites."))
  }
}

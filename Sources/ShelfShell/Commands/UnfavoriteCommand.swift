/// `unfav [REF] [-y]`: removes a favourite after a confirmation.
struct UnfavoriteCommand: Command {
  let name = "unfav"
  let aliases = ["unfavorite", "unfavourite"]
  let summary = "remove from favorites (asks first; -y skips the question)"
  var signature: CommandSignature {
    CommandSignature(arguments: [ItemArgument.optional.spec], options: [YesFlag.flag.spec])
  }
  let discussion = """
    Asks Remove "<name>" from favorites? [y/N]; Enter means no. In a script, -y or --yes is
    needed. On a season or an episode REF defaults to its show.
    """
  let examples = ["unfav", "unfav toy:42 -y", "unfav show:1"]
  let exampleSetup = ["cd /toys/Dolls/42", "fav", "fav show:1"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let entry = try context.resolveItemOrShow(
      arguments[ItemArgument.optional], command: name, allowingGone: true)
    let item = entry.item
    let favorites = context.library.userData.favorites
    let isFavorite = try context.changingFavorites(of: item, action: name) {
      try favorites.contains(item)
    }
    guard isFavorite else { throw ShellError.notAFavorite("\"\(entry.name)\"") }
    let question = "Remove \"\(entry.name)\" from favorites?"
    guard try context.confirm(question, skip: arguments[YesFlag.flag]) else {
      return CommandResult(report: .message("Kept \"\(entry.name)\" in favorites."))
    }
    let removed = try context.changingFavorites(of: item, action: name) {
      try favorites.remove(item)
    }
    // Another shell may have removed it while the question was asked.
    guard removed else {
      return CommandResult(
        report: .message("\"\(entry.name)\" was not a favorite (already removed)."))
    }
    // The episodes saved with the favourites stay while anyone else keeps the show.
    if item.kind == .show, try !context.library.isFavoriteOfAnyone(item) {
      context.library.episodes.forgetFavorite(showID: item.id)
    }
    return CommandResult(report: .message("Removed \"\(entry.name)\" from favorites."))
  }
}

/// `unfav [REF...] [-y]`: removes favourites after one confirmation; every REF must be a
/// favourite, or nothing is removed.
struct UnfavoriteCommand: Command {
  static let yes = CommandFlag(["-y", "--yes"], help: "do not ask")

  let name = "unfav"
  let aliases = ["unfavorite", "unfavourite"]
  let summary = "remove from favorites (asks first; -y skips the question)"
  var signature: CommandSignature {
    CommandSignature(arguments: [ItemArgument.several.spec], options: [Self.yes.spec])
  }
  let discussion = """
    Asks Remove "<name>" from favorites? [y/N]; Enter means no. Several REFs are removed
    together after one question, or none when one of them is not a favorite. In a script, -y
    or --yes is needed. On a season or an episode REF defaults to its show. Tab offers your
    favorites.
    """
  let examples = [
    "cd /toys/Dolls/42; unfav", "unfav toy:42 -y", "unfav show:1", "unfav toy:42 show:1 -y",
  ]
  let exampleSetup = ["fav toy:42", "fav show:1"]

  /// Tab offers your favorites.
  func complete(argumentIndex: Int, prefix: String, in context: CommandContext) -> [Candidate] {
    context.favoriteChoices.candidates(for: prefix)
  }

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let entries = try context.resolveItemsOrShow(
      arguments.positionalWords, command: name, allowingGone: true)
    let items = entries.map(\.item)
    let favorites = context.library.userData.favorites
    let saved = try context.changingFavorites(of: items, action: "") { try favorites.read() }
    if let missing = entries.first(where: { !saved.contains($0.item) }) {
      throw ShellError.notAFavorite("\"\(missing.name)\"")
    }
    let names = WordList.quoted(entries.map(\.name))
    guard try context.confirm("Remove \(names) from favorites?", skip: arguments[Self.yes])
    else {
      return CommandResult(report: .message("Kept \(names) in favorites."))
    }
    let removed = try context.changingFavorites(of: items, action: "") {
      try favorites.file.update { document in items.map { document.remove($0) } }
    }
    // The episodes saved with the favourites stay while anyone else keeps the show.
    for item in items where item.kind == .show {
      if try !context.library.isFavoriteOfAnyone(item) {
        context.library.episodes.forgetFavorite(showID: item.id)
      }
    }
    // Another shell may have removed some while the question was asked.
    let gone = zip(entries, removed).filter { !$0.1 }.map(\.0.name)
    guard gone.isEmpty else {
      let kept = zip(entries, removed).filter { $0.1 }.map(\.0.name)
      let were = gone.count == 1 ? "was not a favorite" : "were not favorites"
      let removedPart = kept.isEmpty ? "" : "Removed \(WordList.quoted(kept)) from favorites; "
      return CommandResult(
        report: .message(removedPart + "\(WordList.quoted(gone)) \(were) (already removed)."))
    }
    return CommandResult(report: .message("Removed \(names) from favorites."))
  }
}

/// `fav [REF...]`: saves items to the favourites (a show with its data, for offline use); all
/// the REFs are found first, then saved in one write.
struct FavoriteCommand: Command {
  let name = "fav"
  let aliases = ["favorite", "favourite"]
  let summary = "add to favorites"
  var signature: CommandSignature {
    CommandSignature(arguments: [ItemArgument.several.spec])
  }
  let discussion = """
    On a details screen REF defaults to the item shown (on a season or an episode, its show).
    Several REFs are added together, or none when one of them names nothing. Shows are saved
    with their data, so /favorites works offline; a favorite is answered at once.
    """
  let examples = [
    "cd /toys/Dolls/42; fav", "cd /toys/Dolls; fav 42", "cd /toys/Dolls; fav 42 31", "fav show:1",
  ]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let entries = try context.resolveItemsOrShow(arguments.positionalWords, command: name)
    let shows = try entries.map { entry in
      entry.item.kind == .show ? try context.library.show(id: entry.item.id) : nil
    }
    let favorites = context.library.userData.favorites
    let added = try context.changingFavorites(of: entries.map(\.item), action: "") {
      try favorites.file.update { document in
        zip(entries, shows).map { entry, show in
          document.add(entry.item, show: show, name: entry.name)
        }
      }
    }
    // A show made a favourite has its episodes saved with it (offline seasons, up next,
    // upcoming), fetched when they are not known; without them it is still a favourite. One
    // that was a favourite already is answered at once, without the network.
    for case (let show?, true) in zip(shows, added) {
      context.library.saveEpisodesWithFavorites(show)
    }
    let names = zip(entries, added)
    let new = names.filter { $0.1 }.map(\.0.name)
    let old = names.filter { !$0.1 }.map(\.0.name)
    var parts: [String] = []
    if !new.isEmpty { parts.append("Added \(WordList.quoted(new)) to favorites") }
    if !old.isEmpty {
      let verb = old.count == 1 ? "is" : "are"
      parts.append(
        "\(WordList.quoted(old)) \(verb) already \(old.count == 1 ? "a favorite" : "favorites")")
    }
    return CommandResult(report: .message(parts.joined(separator: "; ") + "."))
  }
}

import ShelfDomain
import ShelfSearch
import ShelfTerminal

/// What a command can act on, offered by Tab instead of every item (`unfav` your favorites,
/// `rm` the cart's lines, `unclaim` your claims): each as its kind-qualified id, which names it
/// from any screen, with its name beside it. A prefix matches the id (`42`, `toy:4`) or the
/// name (any case, accents folded).
struct ItemChoices {
  let items: [(item: ItemID, name: String)]

  func candidates(for prefix: String) -> [Candidate] {
    let key = SearchKey.name(prefix)
    return items.filter { entry in
      prefix.isEmpty || entry.item.description.hasPrefix(prefix.lowercased())
        || String(entry.item.id).hasPrefix(prefix)
        || (!key.isEmpty && SearchKey.name(entry.name).hasPrefix(key))
    }.map { Candidate($0.item.description, description: TerminalText.sanitize($0.name)) }
  }
}

extension CommandContext {
  /// The active person's favorites, with their saved names.
  var favoriteChoices: ItemChoices {
    let favorites = (try? library.favorites())
    return ItemChoices(
      items: (favorites?.items ?? []).map { item in
        (item, favorites?.savedName(of: item) ?? item.description)
      })
  }

  /// The cart's lines.
  var cartChoices: ItemChoices {
    ItemChoices(
      items: ((try? library.cart())?.lines ?? []).map { ($0.item, $0.name ?? $0.item.description) }
    )
  }

  /// The active person's wishes.
  var wishChoices: ItemChoices {
    let wishes = (try? library.userData.person.wishList.read().wishes) ?? []
    return ItemChoices(items: wishes.map { ($0.item, $0.name ?? $0.item.description) })
  }
}

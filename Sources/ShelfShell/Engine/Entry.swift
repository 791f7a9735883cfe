import ShelfDomain

/// One thing a screen lists: a sub-screen (a category, an age range) or an item.
public struct Entry: Hashable, Sendable {
  /// The name shown and matched (a category's name, an item's name or title).
  public var name: String
  /// How the entry is written as a path segment (an item's id, a category's name).
  public var segment: String
  public var location: Location
  public var item: ItemID?
  /// Other words that name it exactly (an episode: `3`, `E3`, `S01E03`).
  public var aliases: [String] = []
  /// A favourite or cart line whose item the catalog (or the show store) no longer has: named
  /// as it was saved, it can be removed but not opened.
  public var isGone = false

  /// A details screen: an item, or an episode.
  public var isItem: Bool {
    if case .episode = location { return true }
    return item != nil
  }
}

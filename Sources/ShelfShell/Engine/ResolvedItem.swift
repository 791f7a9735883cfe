import ShelfDomain

/// The item a command's REF names: unlike an `Entry`, always an item.
struct ResolvedItem {
  let item: ItemID
  let name: String
  let location: Location
  /// The catalog no longer has it (see `Entry.isGone`).
  let isGone: Bool

  init?(_ entry: Entry) {
    guard let item = entry.item else { return nil }
    self.item = item
    name = entry.name
    location = entry.location
    isGone = entry.isGone
  }
}

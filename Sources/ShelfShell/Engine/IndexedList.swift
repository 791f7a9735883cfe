import ShelfSearch

/// A catalog list with its completion index: the index's positions are the list's items.
struct IndexedList {
  let index: CompletionIndex
  let entry: (Int) -> Entry
}

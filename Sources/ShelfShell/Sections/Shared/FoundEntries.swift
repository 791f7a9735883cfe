import ShelfCatalog
import ShelfDomain
import ShelfSearch
import ShelfTV

/// What `find` shows: the entries (cut to `--limit`) and how many matched in all; which of
/// them are near spellings, and how many near spellings were left out (`NearSpellings`).
struct FoundEntries {
  var entries: [Entry]
  var total: Int
  var typos: Set<ItemID> = []
  var nearSpellings = 0
  /// The entries' rows, in their order, when every entry is a show `find` read from the show
  /// store (in /shows): the results are listed from them without reading each show.
  var showRows: [ShowRow]? = nil
}

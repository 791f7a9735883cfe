import ShelfCatalog
import ShelfSearch
import ShelfStore

/// A section of the shell (toys, stories, the store, shows, up next, favourites, the cart):
/// one folder under Sections/ that builds the screens of its places, says what they contain
/// (for paths, references, completion and `find`) and holds its rules. `SectionRegistry`
/// lists them; `Location` names every place; `Places` asks the section a place belongs to.
protocol Section: Sendable {
  /// The section's top screen: `location.sectionRoot` of every place in it.
  var root: Location { get }
  /// Its row on the home screen: what it holds in words, how many, and what the count counts
  /// (nil for home itself).
  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row?
  /// What `homeRow` reads.
  var homeRowInputs: ScreenNeeds { get }

  /// What the screen at `location` reads: the engine reads these, and nothing else, before it
  /// is built.
  func inputs(at location: Location) -> ScreenNeeds

  /// The screen at `location` (a place of this section), built from `inputs` (what
  /// `inputs(at:)` declared) without I/O of its own.
  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen
  /// What the list at `location` takes (its orders and filters); nil when it is not a list.
  func listCapabilities(at location: Location) -> ListCapabilities?

  /// The entries one path segment below `location`.
  func children(of location: Location, in library: Library) throws -> [Entry]
  /// The items `location` lists, which `open`, `fav`, `buy`… resolve references against.
  func items(at location: Location, in library: Library) throws -> [Entry]
  /// The items a reference (or a path segment) could name; all items unless the section has
  /// too many to list (the show store looks them up).
  func candidates(for reference: String, at location: Location, in library: Library) throws
    -> [Entry]
  /// The items Tab could offer for `prefix`; all items unless the section looks them up.
  func completionItems(at location: Location, prefix: String, in library: Library) throws
    -> [Entry]
  /// A catalog list with its completion index, for Tab over 100,000 items.
  func indexedList(at location: Location, in library: Library) throws -> IndexedList?
  /// A place below `location` that its listing cannot show yet (a season of a show whose
  /// episodes were not fetched); the screen fetches what it needs.
  func unlistedChild(_ segment: String, of location: Location, in library: Library) -> Location?

  /// Whether `find` from `/` searches this section (the catalog and the shows; not the lists
  /// of the user's own items, which repeat them).
  var searchedFromHome: Bool { get }
  /// `find` in this section: every match, best first (tier, then name).
  func find(_ query: CatalogQuery, in library: Library) throws -> [RankedEntry]
  /// The first `limit` of `find`'s matches (near spellings kept or left out as
  /// `NearSpellings` says), how many there are in all and how many near spellings were left
  /// out: `find --limit` from `/`, which makes entries only for the matches it can show. The
  /// default cuts `find`'s list; a section may cut before making entries.
  func findFirst(_ limit: Int, _ query: CatalogQuery, in library: Library) throws
    -> (entries: [RankedEntry], total: Int, nearSpellings: Int)
  /// `find` run here alone (near spellings kept or left out as `NearSpellings` says), in the
  /// order `query.options` asks and cut to its limit. The default sorts `find`'s matches; a
  /// section may cut earlier (before making entries).
  func findArranged(_ query: CatalogQuery, in library: Library) throws -> FoundEntries

  /// What the section remembers when you go to `location` (the last category visited).
  func remember(_ location: Location, in preferences: inout PreferencesDocument)
}

extension Section {
  var searchedFromHome: Bool { false }

  /// The path segment under `/` that names the section.
  var name: String { String(root.path.dropFirst()) }

  func children(of location: Location, in library: Library) throws -> [Entry] {
    try items(at: location, in: library)
  }

  /// A list with a completion index (100,000 toys) narrows them by id or folded name prefix;
  /// when that finds nothing (a slug such as `arts-crafts`), every item.
  func candidates(for reference: String, at location: Location, in library: Library) throws
    -> [Entry]
  {
    guard let list = try indexedList(at: location, in: library) else {
      return try items(at: location, in: library)
    }
    let key = SearchKey.name(reference)
    let positions =
      Int(reference) != nil
      ? list.index.positions(idPrefix: reference)
      : key.isEmpty ? [] : list.index.positions(nameKeyPrefix: key)
    guard !positions.isEmpty else { return try items(at: location, in: library) }
    return positions.sorted().map(list.entry)
  }

  func completionItems(at location: Location, prefix: String, in library: Library) throws
    -> [Entry]
  {
    try items(at: location, in: library)
  }

  func indexedList(at location: Location, in library: Library) throws -> IndexedList? { nil }

  func unlistedChild(_ segment: String, of location: Location, in library: Library) -> Location? {
    nil
  }

  func find(_ query: CatalogQuery, in library: Library) throws -> [RankedEntry] { [] }

  func findFirst(_ limit: Int, _ query: CatalogQuery, in library: Library) throws
    -> (entries: [RankedEntry], total: Int, nearSpellings: Int)
  {
    let all = NearSpellings.kept(try find(query, in: library), fuzzy: query.fuzzy, tier: \.tier)
    return (Array(all.matches.prefix(limit)), all.matches.count, all.leftOut)
  }

  func findArranged(_ query: CatalogQuery, in library: Library) throws -> FoundEntries {
    try RankedEntry.found(find(query, in: library), query, in: library)
  }

  func remember(_ location: Location, in preferences: inout PreferencesDocument) {}

  /// A home row for this section.
  func row(_ title: String, count: Int, unit: String) -> HomeScreen.Row {
    HomeScreen.Row(name: name, path: root.path, count: count, title: title, unit: unit)
  }
}

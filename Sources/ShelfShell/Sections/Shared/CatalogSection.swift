import ShelfCatalog
import ShelfSearch

/// A section of catalog items (toys, stories, products): groups at its root (categories or
/// age ranges), each a list of one kind of item with a completion index and a ranked search.
/// The section says what its groups and lists are; what they contain for paths, references,
/// Tab and `find` is worked out here once for all three.
protocol CatalogSection: Section {
  associatedtype Item: Sendable

  /// The groups at the root, each with the place it leads to.
  func groups(in catalog: Catalog) -> [(name: String, location: Location)]
  /// The items of a group's list, nil for any other place.
  func list(at location: Location, in catalog: Catalog) -> ItemList<Item>?
  /// The completion index of a group's list (built on first use, then kept by the catalog).
  func completionIndex(at location: Location, in catalog: Catalog) -> CompletionIndex?
  /// `find` over every item of the section.
  func search(in catalog: Catalog) -> CatalogSearch<Item>
  func entry(_ item: Item) -> Entry
}

extension CatalogSection {
  var searchedFromHome: Bool { true }

  func children(of location: Location, in library: Library) throws -> [Entry] {
    guard location == root else { return try items(at: location, in: library) }
    return try groups(in: library.catalog).map {
      Entry(name: $0.name, segment: $0.name, location: $0.location)
    }
  }

  func items(at location: Location, in library: Library) throws -> [Entry] {
    try list(at: location, in: library.catalog)?.map(entry) ?? []
  }

  func indexedList(at location: Location, in library: Library) throws -> IndexedList? {
    let catalog = try library.catalog
    guard let items = list(at: location, in: catalog),
      let index = completionIndex(at: location, in: catalog)
    else { return nil }
    return IndexedList(index: index) { entry(items[$0]) }
  }

  func find(_ query: CatalogQuery, in library: Library) throws -> [RankedEntry] {
    try search(in: library.catalog).ranked(query)
  }

  func findFirst(_ limit: Int, _ query: CatalogQuery, in library: Library) throws
    -> (entries: [RankedEntry], total: Int, nearSpellings: Int)
  {
    try search(in: library.catalog).first(limit, query)
  }

  func findArranged(_ query: CatalogQuery, in library: Library) throws -> FoundEntries {
    try search(in: library.catalog).arranged(query)
  }
}

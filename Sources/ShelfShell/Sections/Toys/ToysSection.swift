import ShelfCatalog
import ShelfStore

/// `/toys`: categories, a category's toys, a toy.
struct ToysSection: Section {
  let root = Location.toys

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    row("Toys by category", count: try inputs.catalog.toys.count, unit: "toys")
  }

  func remember(_ location: Location, in preferences: inout PreferencesDocument) {
    if case .toyCategory(let category) = location { preferences.lastToyCategory = category }
    if case .toy(let category, _) = location { preferences.lastToyCategory = category }
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let catalog = try inputs.catalog
    switch location {
    case .toyCategory(let category):
      let toys = inputs.listing.apply(
        catalog.toys(inCategory: category), name: \.name, price: \.price, ages: \.ages)
      return ToyListScreen(
        title: category, note: inputs.listingNote,
        listing: ListingModel(path: location.path, rows: toys.map(inputs.toyModel)))
    case .toy(_, let id):
      guard let toy = catalog.toy(id: id) else {
        throw ShellError.unknownReference(ItemID(.toy, id).description, searched: "the catalog")
      }
      return inputs.toyModel(toy)
    default:
      return GroupListScreen(
        title: "Toy categories", path: root.path, unit: "toys",
        last: inputs.preferences.lastToyCategory,
        groups: catalog.toyCategories.map { ($0, catalog.toys(inCategory: $0).count) })
    }
  }

  let searchedFromHome = true

  func children(of location: Location, in library: Library) throws -> [Entry] {
    guard location == root else { return try items(at: location, in: library) }
    return try library.catalog.toyCategories.map {
      Entry(name: $0, segment: $0, location: .toyCategory($0))
    }
  }

  func items(at location: Location, in library: Library) throws -> [Entry] {
    guard case .toyCategory(let category) = location else { return [] }
    return try library.catalog.toys(inCategory: category).map(Entry.init(toy:))
  }

  func indexedList(at location: Location, in library: Library) throws -> IndexedList? {
    guard case .toyCategory(let category) = location else { return nil }
    let catalog = try library.catalog
    let toys = catalog.toys(inCategory: category)
    return IndexedList(index: catalog.completionIndex(forToysIn: category)) {
      Entry(toy: toys[$0])
    }
  }

  func find(_ query: CatalogQuery, in library: Library) throws -> [RankedEntry] {
    try search(library).ranked(query)
  }

  func findArranged(_ query: CatalogQuery, in library: Library) throws -> [Entry] {
    try search(library).arranged(query)
  }

  private func search(_ library: Library) throws -> CatalogSearch<Toy> {
    let catalog = try library.catalog
    return CatalogSearch(
      items: catalog.toys, search: { catalog.searchToys($0, where: $1) }, name: \.name,
      price: \.price, ages: \.ages, entry: Entry.init(toy:))
  }
}

extension Entry {
  init(toy: Toy) {
    self.init(
      name: toy.name, segment: String(toy.id), location: .toy(category: toy.category, id: toy.id),
      item: ItemID(.toy, toy.id))
  }
}

import ShelfCatalog
import ShelfDomain
import ShelfSearch
import ShelfStore

/// `/toys`: categories, a category's toys, a toy.
struct ToysSection: CatalogSection {
  let root = Location.toys

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    row("Toys by category", count: try inputs.catalog.toys.count, unit: "toys")
  }

  let homeRowInputs: ScreenNeeds = .catalog

  func inputs(at location: Location) -> ScreenNeeds {
    [.catalog, .favorites, .cart, .fitting, .preferences]
  }

  func remember(_ location: Location, in preferences: inout PreferencesDocument) {
    if case .toyCategory(let category) = location { preferences.lastToyCategory = category }
    if case .toy(let category, _) = location { preferences.lastToyCategory = category }
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let catalog = try inputs.catalog
    switch location {
    case .toyCategory(let category):
      let toys = catalog.toys(inCategory: category)
      // What the catalog's stored orders can do (100,000 toys in a few milliseconds) is
      // asked of them; anything else is done on the rows.
      guard let options = inputs.listing.storedOrderOptions else {
        return ItemListScreen(
          title: category, path: location.path, rows: toys.map(inputs.toyRow),
          request: inputs.listing)
      }
      let shown = catalog.toys(inCategory: category, arrangedBy: options)
      let kept =
        options.price.map {
          catalog.toys(inCategory: category, arrangedBy: ListOptions(price: $0)).count
        } ?? toys.count
      // The columns' fast path has no "fits" marker: with a child in question, rows are made.
      let plain =
        shown.count > PlainListRows.streamedFrom && inputs.fitting.age == nil
        ? ToyPlainRows.make(
          catalog.toyListFields(shown), favorites: Set(inputs.favorites.toys)) : nil
      return ItemListScreen(
        title: category, path: location.path,
        arranged: ListRows(count: shown.count) { inputs.toyRow(shown[$0]) }, total: kept,
        all: toys.count, request: inputs.listing, plain: plain)
    case .toy(_, let id):
      guard let toy = catalog.toy(id: id) else {
        throw ShellError.unknownReference(ItemID(.toy, id).description, searched: "the catalog")
      }
      return ToyScreen(toy: inputs.toyRow(toy))
    default:
      return GroupListScreen(
        title: "Toy categories", path: root.path, unit: "toys",
        last: inputs.preferences.lastToyCategory,
        groups: catalog.toyCategories.map { ($0, catalog.toys(inCategory: $0).count) },
        request: inputs.listing)
    }
  }

  func listCapabilities(at location: Location) -> ListCapabilities? {
    switch location {
    case .toys: GroupListScreen.Row.list.capabilities
    case .toyCategory: ToyRow.list.capabilities
    default: nil
    }
  }

  func groups(in catalog: Catalog) -> [(name: String, location: Location)] {
    catalog.toyCategories.map { ($0, .toyCategory($0)) }
  }

  func list(at location: Location, in catalog: Catalog) -> ItemList<Toy>? {
    guard case .toyCategory(let category) = location else { return nil }
    return catalog.toys(inCategory: category)
  }

  func completionIndex(at location: Location, in catalog: Catalog) -> CompletionIndex? {
    guard case .toyCategory(let category) = location else { return nil }
    return catalog.completionIndex(forToysIn: category)
  }

  func search(in catalog: Catalog) -> CatalogSearch<Toy> {
    CatalogSearch(
      items: catalog.toys, search: { catalog.searchToys($0, where: $1) }, name: \.name,
      price: \.price, ages: \.ages, entry: Entry.init(toy:))
  }

  func entry(_ toy: Toy) -> Entry { Entry(toy: toy) }
}

extension Entry {
  init(toy: Toy) {
    self.init(
      name: toy.name, segment: String(toy.id), location: .toy(category: toy.category, id: toy.id),
      item: ItemID(.toy, toy.id))
  }
}

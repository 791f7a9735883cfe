import ShelfCatalog
import ShelfStore

/// `/toys`: categories, a category's toys, a toy.
struct ToysSection: Section {
  let root = Location.toys

  func homeRow(inputs: ScreenInputs) -> HomeScreen.Row? {
    row("Toys by category", count: inputs.catalog.toys.count, unit: "toys")
  }

  func remember(_ location: Location, in preferences: inout PreferencesDocument) {
    if case .toyCategory(let category) = location { preferences.lastToyCategory = category }
    if case .toy(let category, _) = location { preferences.lastToyCategory = category }
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let catalog = inputs.catalog
    switch location {
    case .toyCategory(let category):
      return ToyListScreen(
        title: category,
        listing: ListingModel(
          path: location.path, rows: catalog.toys(inCategory: category).map(inputs.toyModel)))
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
}

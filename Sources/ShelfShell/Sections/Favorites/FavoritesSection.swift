import ShelfCatalog

/// `/favorites`: every saved item, grouped by kind.
struct FavoritesSection: Section {
  let root = Location.favorites

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    let favorites = inputs.favorites
    let count =
      favorites.toys.count + favorites.stories.count + favorites.products.count
      + favorites.shows.count
    return row("Your favorites", count: count, unit: "saved")
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let catalog = try inputs.catalog
    let favorites = inputs.favorites
    return FavoritesScreen(
      toys: favorites.toys.compactMap(catalog.toy(id:)).map(inputs.toyModel),
      stories: favorites.stories.compactMap(catalog.story(id:)).map(inputs.storyModel),
      products: try favorites.products.compactMap(catalog.product(id:)).map(inputs.productModel),
      shows: favorites.shows.map { inputs.showModel($0) })
  }

  func items(at location: Location, in library: Library) throws -> [Entry] {
    guard let favorites = try? library.favorites() else { return [] }
    let directory = Directory(library: library)
    let items =
      favorites.toys.map { ItemID(.toy, $0) } + favorites.stories.map { ItemID(.story, $0) }
      + favorites.products.map { ItemID(.product, $0) }
      + favorites.shows.map { ItemID(.show, $0.id) }
    return try items.compactMap(directory.entry(for:))
  }

  func find(_ query: CatalogQuery, in library: Library) throws -> [RankedEntry] {
    try RankedEntry.search(items(at: root, in: library), for: query, in: library)
  }
}

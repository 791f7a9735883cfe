/// `/favorites`: every saved item, grouped by kind.
struct FavoritesSection: Section {
  let root = Location.favorites

  func homeRow(inputs: ScreenInputs) -> HomeScreen.Row? {
    let favorites = inputs.favorites
    let count =
      favorites.toys.count + favorites.stories.count + favorites.products.count
      + favorites.shows.count
    return row("Your favorites", count: count, unit: "saved")
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let catalog = inputs.catalog
    let favorites = inputs.favorites
    return FavoritesScreen(
      toys: favorites.toys.compactMap(catalog.toy(id:)).map(inputs.toyModel),
      stories: favorites.stories.compactMap(catalog.story(id:)).map(inputs.storyModel),
      products: favorites.products.compactMap(catalog.product(id:)).map(inputs.productModel),
      shows: favorites.shows.map { inputs.showModel($0) })
  }
}

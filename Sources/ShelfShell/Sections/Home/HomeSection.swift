/// `/`: the sections with their counts.
struct HomeSection: Section {
  let root = Location.home

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let catalog = inputs.catalog
    let favorites = inputs.favorites
    let favoriteCount =
      favorites.toys.count + favorites.stories.count + favorites.products.count
      + favorites.shows.count
    let rows: [(String, String, Int, String)] = [
      ("toys", "Toys by category", catalog.toys.count, "toys"),
      ("stories", "Stories by age", catalog.stories.count, "stories"),
      ("store", "The store", catalog.products.count, "products"),
      ("shows", "TV shows (TVmaze)", inputs.library.showCount(), "shows"),
      ("upnext", "Next episodes of your shows", favorites.shows.count, "followed"),
      ("favorites", "Your favorites", favoriteCount, "saved"),
      ("cart", "Your cart", inputs.cart.lines.reduce(0) { $0 + $1.quantity }, "items"),
    ]
    return HomeScreen(
      rows: rows.map {
        HomeScreen.Row(name: $0.0, path: "/" + $0.0, count: $0.2, title: $0.1, unit: $0.3)
      })
  }
}

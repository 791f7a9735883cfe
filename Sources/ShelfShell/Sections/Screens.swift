import Foundation
import ShelfCatalog
import ShelfStore

/// Builds the report of a place: reads the inputs first (the user's files; posters when they
/// are drawn), then asks the place's section for its screen.
struct Screens {
  let library: Library
  let drawsImages: Bool
  let sections: SectionRegistry
  /// Progress lines of long work (the posters of `ls --posters`).
  let progress: (String) -> Void
  /// Fetches a show's episodes when they are not known (with the retry dialog).
  let fetchEpisodes: (Show) throws -> [Episode]

  /// `fetchesEpisodes` (`ls` on a show): a show's details fetch its episodes when they are not
  /// known; otherwise they show the known ones and never wait for the network.
  /// `fitting` is whose age marks what fits (`--for`, `--fits`); nil: the active profile's.
  func report(
    for location: Location, posters: Bool = false, listing: ListOptions = .init(),
    fetchesEpisodes: Bool = false, fitting: Fitting? = nil
  ) throws -> Report {
    var favorites = try library.favorites()
    if [.favorites, .upNext].contains(location.section) {
      favorites.shows = try library.currentShows(favorites.shows)
    }
    let cart = try library.cart()
    var inputs = try ScreenInputs(
      library: library,
      loadedCatalog: Self.showsCatalogItems(location, favorites: favorites, cart: cart)
        ? library.catalog : nil,
      favorites: favorites, cart: cart,
      preferences: library.userData.preferences.read(), listsPosters: posters, listing: listing,
      posterFiles: try posterFiles(for: location, posters: posters),
      episodes: try episodes(for: location, favorites: favorites, fetching: fetchesEpisodes),
      watched: library.userData.watched.read(), now: library.now())
    inputs.location = location
    inputs.storiesRead = try library.userData.person.storiesRead.read()
    inputs.wishList = try library.userData.person.wishList.read()
    inputs.fitting = fitting ?? library.activeFitting()
    if case .search(let scope, let query) = location {
      let arranged = listing.isEmpty ? query : query.with(listing)
      return Report(try SearchResults(scope: scope, query: arranged).screen(inputs: inputs))
    }
    return Report(try sections.section(for: location).screen(for: location, inputs: inputs))
  }

  /// Whether the screen shows toys, stories or products, so that the catalog is read before
  /// it is built (a screen without any never reads it: /shows, an empty cart).
  private static func showsCatalogItems(
    _ location: Location, favorites: FavoritesDocument, cart: CartDocument
  ) -> Bool {
    switch location.section {
    case .shows, .upNext, .profiles: false
    case .favorites:
      !(favorites.toys.isEmpty && favorites.stories.isEmpty && favorites.products.isEmpty)
    case .cart: !cart.lines.isEmpty
    default: true
    }
  }

  /// The episodes a screen shows, by show: fetched first when not known. A show's details do
  /// without them when they cannot be fetched; its seasons and episodes, and up next, cannot.
  private func episodes(
    for location: Location, favorites: FavoritesDocument, fetching: Bool
  ) throws -> [Int: [Episode]] {
    switch location {
    case .show(let id):
      guard let show = try library.show(id: id) else { return [:] }
      // `ls` fetches them (with the retry dialog, an error line in a script); `open` shows
      // the known ones.
      let episodes = fetching ? try fetchEpisodes(show) : library.episodes.known(showID: id)
      return episodes.map { [id: $0] } ?? [:]
    case .season(let id, _), .episode(let id, _, _):
      guard let show = try library.show(id: id) else { return [:] }
      return [id: try fetchEpisodes(show)]
    case .upNext:
      return try library.episodesOfFavorites(favorites.shows)
    default:
      return [:]
    }
  }

  /// The posters a screen draws, downloaded first (4 at a time, with a progress line when there
  /// are several) and then read from the cache; only when they are drawn. A poster that fails
  /// is drawn as its URL; Ctrl-C stops the command (`RequestCancelled`).
  private func posterFiles(for location: Location, posters: Bool) throws -> [String: URL] {
    guard drawsImages else { return [:] }
    var urls: [String] = []
    switch location {
    case .shows where posters:
      urls = try library.shows.shows(afterID: Int.min, limit: ShowListScreen.posterLimit)
        .compactMap { $0.image?.medium }
    case .show(let id):
      urls = try library.show(id: id)?.image?.original.map { [$0] } ?? []
    default:
      return [:]
    }
    try library.posters.download(urls) { done, total in
      if total > 1 { progress("posters \(done)/\(total)") }
    }
    var files: [String: URL] = [:]
    for url in urls { files[url] = library.posters.cachedFile(for: url) }
    return files
  }
}

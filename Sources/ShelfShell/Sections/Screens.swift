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
    for location: Location, posters: Bool = false, listing: ListRequest = .init(),
    fetchesEpisodes: Bool = false, tracking trackingListing: TrackingListing = .init(),
    fitting: Fitting? = nil
  ) throws -> Report {
    var favorites = try library.favorites()
    if location.sectionRoot == .favorites {
      favorites.shows = try library.currentShows(favorites.shows)
    } else if location.sectionRoot == .upNext {
      favorites.shows = try library.withCurrentFacts(favorites.shows)
    }
    let cart = try library.cart()
    let watched = try library.userData.watched.read()
    let tracking = try library.trackingFacts(favorites: favorites, watched: watched)
    var episodes = try episodes(for: location, favorites: favorites, fetching: fetchesEpisodes)
    if location.sectionRoot == .favorites || location == .shows {
      // A tracked show on auto whose status may be `completed` needs its known episodes.
      for show in try trackedShows(location, favorites: favorites, tracking: tracking)
      where episodes[show.id] == nil && tracking.needsEpisodes(show) {
        episodes[show.id] = library.episodes.known(showID: show.id)
      }
    }
    var inputs = try ScreenInputs(
      library: library,
      loadedCatalog: Self.showsCatalogItems(location, favorites: favorites, cart: cart)
        ? library.catalog : nil,
      favorites: favorites, cart: cart,
      preferences: library.userData.preferences.read(), listsPosters: posters && drawsImages,
      listing: listing,
      posterFiles: try posterFiles(for: location, posters: posters, listing: listing),
      episodes: episodes, watched: watched, now: library.now(), tracking: tracking,
      spoilers: try library.spoilerShield(), trackingListing: trackingListing)
    inputs.location = location
    if location == .upNext {
      inputs.outlinesOfFavorites = try library.outlinesOfFavorites(favorites.shows)
    }
    inputs.storiesRead = try library.userData.person.storiesRead.read()
    inputs.wishList = try library.userData.person.wishList.read()
    inputs.fitting = fitting ?? library.activeFitting()
    if case .search(let scope, let search) = location {
      let request = listing.isEmpty ? search.request : search.request.replacing(with: listing)
      return Report(
        try SearchResults(scope: scope, search: search.with(request)).screen(inputs: inputs))
    }
    return Report(try sections.section(for: location).screen(for: location, inputs: inputs))
  }

  /// What the list at `location` takes; nil when it is not a list.
  func capabilities(at location: Location) -> ListCapabilities? {
    if case .search(let scope, _) = location { return SearchResults.capabilities(in: scope) }
    return sections.section(for: location).listCapabilities(at: location)
  }

  /// The tracked shows a list of shows may show: the favourites, or on /shows every show
  /// with a status, a rating or marks.
  private func trackedShows(
    _ location: Location, favorites: FavoritesDocument, tracking: TrackingFacts
  ) throws -> [Show] {
    guard location == .shows else { return favorites.shows }
    return try tracking.trackedIDs.sorted().compactMap { try library.show(id: $0) }
  }

  /// Whether the screen shows toys, stories or products, so that the catalog is read before
  /// it is built (a screen without any never reads it: /shows, an empty cart).
  private static func showsCatalogItems(
    _ location: Location, favorites: FavoritesDocument, cart: CartDocument
  ) -> Bool {
    switch location.sectionRoot {
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
    default:
      return [:]
    }
  }

  /// The posters a screen draws, downloaded first (4 at a time, with a progress line when there
  /// are several) and then read from the cache; only when they are drawn. A poster that fails
  /// is drawn as its URL; Ctrl-C stops the command (`RequestCancelled`).
  private func posterFiles(for location: Location, posters: Bool, listing: ListRequest) throws
    -> [String: URL]
  {
    guard drawsImages else { return [:] }
    var urls: [String] = []
    switch location {
    case .shows where posters:
      // The posters of the rows the list shows, no other.
      urls = try ShowListScreen.posterShows(listing, in: library.shows).compactMap {
        $0.image?.medium
      }
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

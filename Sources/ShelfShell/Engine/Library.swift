import Foundation
import ShelfCatalog
import ShelfStore
import ShelfTV

/// Everything the commands read and change: the catalog, the TV shows, the user's files and
/// the poster cache. It holds no terminal and prints nothing.
public final class Library {
  public let catalog: Catalog
  public let shows: ShowLibrary
  public let client: TVMazeClient
  public let posters: PosterCache
  public let userData: UserData
  /// The time now, for what has aired and what airs soon (tests set it).
  public var now: @Sendable () -> Date = { Date() }
  /// Episodes of shows: kept in the show store, and saved with the favourites.
  public private(set) lazy var episodes = EpisodeStore(
    shows: shows,
    savedDirectory: userData.directory.appendingPathComponent("episodes", isDirectory: true),
    client: client)
  /// Shows met in online searches this session, so they can be opened and saved.
  private var searchedShows: [Int: Show] = [:]
  private var onlineResults: [String: [Show]] = [:]

  public init(
    catalog: Catalog, shows: ShowLibrary, client: TVMazeClient, posters: PosterCache,
    userData: UserData
  ) {
    self.catalog = catalog
    self.shows = shows
    self.client = client
    self.posters = posters
    self.userData = userData
  }

  /// How many shows /shows lists (0 when the show store cannot be opened).
  public func showCount() -> Int {
    (try? shows.count()) ?? 0
  }

  /// A show from the list, an online search, else the data saved with a favourite (so it
  /// works offline).
  public func show(id: Int) -> Show? {
    if let show = try? shows.show(id: id) { return show }
    if let show = searchedShows[id] { return show }
    return (try? userData.favorites.read())?.shows.first { $0.id == id }
  }

  /// Asks TVmaze for shows matching `text` and remembers the results for this session.
  func searchOnline(_ text: String) throws -> [Show] {
    let results = try client.searchShows(text).map(\.show)
    for show in results { searchedShows[show.id] = show }
    onlineResults[text] = results
    return results
  }

  /// The results of the last online search for `text` (no network).
  func rememberedResults(for text: String) -> [Show] {
    onlineResults[text] ?? []
  }

  public func name(of item: ItemID) -> String? {
    switch item.kind {
    case .toy: catalog.toy(id: item.id)?.name
    case .story: catalog.story(id: item.id)?.title
    case .product: catalog.product(id: item.id)?.name
    case .show: show(id: item.id)?.name
    }
  }

  /// The details screen of an item.
  public func location(of item: ItemID) -> Location? {
    switch item.kind {
    case .toy: catalog.toy(id: item.id).map { .toy(category: $0.category, id: $0.id) }
    case .story: catalog.story(id: item.id).map { .story(ages: $0.ages, id: $0.id) }
    case .product:
      catalog.product(id: item.id).map { .product(category: $0.category, id: $0.id) }
    case .show: show(id: item.id).map { .show(id: $0.id) }
    }
  }

  /// The unit price of a toy or product.
  public func price(of item: ItemID) -> Money? {
    switch item.kind {
    case .toy: catalog.toy(id: item.id)?.price
    case .product: catalog.product(id: item.id)?.price
    case .story, .show: nil
    }
  }

  public func favorites() throws -> FavoritesDocument {
    try userData.favorites.read()
  }

  public func cart() throws -> CartDocument {
    try userData.cart.read()
  }
}

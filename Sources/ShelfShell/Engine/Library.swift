import Foundation
import ShelfCatalog
import ShelfStore
import ShelfTV

/// Everything the commands read and change: the catalog, the TV shows, the user's files and
/// the poster cache. It holds no terminal and prints nothing.
public final class Library {
  /// The catalog, read on first use (see `LazyCatalog`).
  public let lazyCatalog: LazyCatalog
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
  /// `find`'s word index over every show, with the list version it was built from.
  private var showSearch: (version: ShowListVersion, search: ShowSearch)?

  public init(
    catalog: LazyCatalog, shows: ShowLibrary, client: TVMazeClient, posters: PosterCache,
    userData: UserData
  ) {
    self.lazyCatalog = catalog
    self.shows = shows
    self.client = client
    self.posters = posters
    self.userData = userData
  }

  /// `find`'s word index over the names and genres of every show: built on the first find
  /// (85,000 shows in about a tenth of a second), kept until the list changes.
  func searchableShows() throws -> ShowSearch {
    let version = try shows.listVersion()
    if let showSearch, showSearch.version == version { return showSearch.search }
    var rows: [ShowRow] = []
    try shows.forEachRow { rows.append($0) }
    let search = ShowSearch(rows: rows)
    showSearch = (version, search)
    return search
  }

  /// How many shows /shows lists (0 when the show store cannot be opened).
  public func showCount() -> Int {
    (try? shows.count()) ?? 0
  }

  public convenience init(
    catalog: Catalog, shows: ShowLibrary, client: TVMazeClient, posters: PosterCache,
    userData: UserData
  ) {
    self.init(
      catalog: LazyCatalog(catalog), shows: shows, client: client, posters: posters,
      userData: userData)
  }

  /// The catalog, loaded on the first use; a broken catalog throws the error naming its file
  /// and line, at every use.
  public var catalog: Catalog {
    get throws(ShellError) {
      do {
        return try lazyCatalog.get()
      } catch let error as CatalogError {
        throw .catalog(error)
      } catch {
        throw .catalog(CatalogError(file: "catalog", line: nil, reason: "\(error)"))
      }
    }
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

  public func name(of item: ItemID) throws -> String? {
    switch item.kind {
    case .toy: try catalog.toy(id: item.id)?.name
    case .story: try catalog.story(id: item.id)?.title
    case .product: try catalog.product(id: item.id)?.name
    case .show: show(id: item.id)?.name
    }
  }

  /// The details screen of an item.
  public func location(of item: ItemID) throws -> Location? {
    switch item.kind {
    case .toy: try catalog.toy(id: item.id).map { .toy(category: $0.category, id: $0.id) }
    case .story: try catalog.story(id: item.id).map { .story(ages: $0.ages, id: $0.id) }
    case .product:
      try catalog.product(id: item.id).map { .product(category: $0.category, id: $0.id) }
    case .show: show(id: item.id).map { .show(id: $0.id) }
    }
  }

  /// The ages of a toy or story (nil for other items).
  public func ages(of item: ItemID?) throws -> AgeRange? {
    guard let item else { return nil }
    switch item.kind {
    case .toy: return try catalog.toy(id: item.id)?.ages
    case .story: return try catalog.story(id: item.id)?.ages
    case .product, .show: return nil
    }
  }

  /// The unit price of a toy or product.
  public func price(of item: ItemID) throws -> Money? {
    switch item.kind {
    case .toy: try catalog.toy(id: item.id)?.price
    case .product: try catalog.product(id: item.id)?.price
    case .story, .show: nil
    }
  }

  /// A cart line's or favourite's name as it was saved (the kind-qualified id when none was
  /// kept) and the list that holds it; nil when neither holds the item.
  func savedItem(_ item: ItemID) -> (name: String, place: Location)? {
    if let line = (try? cart())?.lines.first(where: { $0.item == item }) {
      return (line.name.map(TerminalText.sanitize) ?? item.description, .cart)
    }
    if let favorites = try? favorites(), favorites.contains(item) {
      return (
        favorites.savedName(of: item).map(TerminalText.sanitize) ?? item.description, .favorites
      )
    }
    return nil
  }

  public func favorites() throws -> FavoritesDocument {
    try userData.favorites.read()
  }

  public func cart() throws -> CartDocument {
    try userData.cart.read()
  }
}

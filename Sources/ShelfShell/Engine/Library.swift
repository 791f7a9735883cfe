import Foundation
import ShelfCatalog
import ShelfDomain
import ShelfStore
import ShelfTV
import ShelfTerminal

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
  /// `spoilers = hide` in the config file: hidden until `spoilers show` says otherwise.
  public var hidesSpoilersByDefault = false
  /// What `sync` runs with (the rules, git's environment, this device's name).
  public var syncSetup = SyncSetup()
  /// Episodes of shows: kept in the show store, and saved with the favourites.
  public private(set) lazy var episodes = EpisodeStore(
    shows: shows,
    savedDirectory: userData.directory.appendingPathComponent("episodes", isDirectory: true),
    client: client)
  /// `find` over the shows' names and genres (its word index is kept for the session).
  public private(set) lazy var showFinder = ShowFinder(shows: shows)
  /// Shows met in online searches this session, so they can be opened and saved.
  private var searchedShows: [Int: Show] = [:]
  private var onlineResults: [String: [Show]] = [:]
  /// Warnings of this command besides the show store's and the episodes' (`warn`).
  private var warnings: [String] = []
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

  /// How many shows /shows lists. Throws when the show store cannot be used.
  public func showCount() throws -> Int {
    try shows.count()
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

  /// A show from the list, an online search, else the data saved with a favourite (a show the
  /// list does not have). Throws when the show store cannot be used.
  public func show(id: Int) throws -> Show? {
    if let show = try shows.show(id: id) { return show }
    if let show = searchedShows[id] { return show }
    return (try? userData.favorites.read())?.shows.first { $0.id == id }
  }

  /// The shows of `ids` the show store has, by id, with only their id, name, genres, status
  /// and runtimes (enough for `stats`); `show(id:)` finds the others.
  public func briefShows(ids: [Int]) throws -> [Int: Show] {
    Dictionary(try shows.briefShows(ids: ids).map { ($0.id, $0) }) { first, _ in first }
  }

  /// Favourite shows as the store has them now (name, genres, status, rating, image follow a
  /// refresh); the saved copy of one the store does not have.
  public func currentShows(_ saved: [Show]) throws -> [Show] {
    try saved.map { try shows.show(id: $0.id) ?? $0 }
  }

  /// Favourite shows with the name, genres, status and runtimes the store has now (what up
  /// next needs), the rest as saved: cheaper than `currentShows`, which reads whole shows.
  public func withCurrentFacts(_ saved: [Show]) throws -> [Show] {
    let current = try briefShows(ids: saved.map(\.id))
    return saved.map { saved in
      guard let now = current[saved.id] else { return saved }
      var show = saved
      show.name = now.name
      show.genres = now.genres
      show.status = now.status
      show.runtime = now.runtime
      show.averageRuntime = now.averageRuntime
      return show
    }
  }

  /// Brings the copies of favourite shows saved in favorites.plist up to date with the store
  /// (after a refresh), so that offline they show what the store said last. Writes only when
  /// one of them changed.
  func updateSavedFavoriteShows() throws {
    guard try !userData.favorites.read().shows.isEmpty else { return }
    let current = try currentShows(userData.favorites.read().shows)
    let byID = Dictionary(current.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    try userData.favorites.file.update { favorites in
      for index in favorites.shows.indices {
        if let show = byID[favorites.shows[index].id] { favorites.shows[index] = show }
      }
    }
  }

  /// Saves a favourite show's episodes for offline use, fetching them when they are not known;
  /// a failure is a warning.
  func saveEpisodesWithFavorites(_ show: Show) {
    do {
      try episodes.saveWithFavorites(show)
    } catch {
      let reason = "\(error)"
      warnings.append("episodes of \"\(show.name)\" not saved for offline use: \(reason)")
    }
  }

  /// The episodes of favourite shows, for the lists over all of them (up next, upcoming): each
  /// show's known ones, fetched when they are out of date or missing. Shows whose episodes are
  /// neither known nor fetched are left out, named in one warning; when no show has any, the
  /// fetch's error is thrown. Once TVmaze cannot be reached, the rest use what is known.
  /// Summaries may be left out (these lists never show them).
  func episodesOfFavorites(_ favorites: [Show]) throws -> [Int: [Episode]] {
    try outlinesOfFavorites(favorites).mapValues(\.episodes)
  }

  /// The same as outlines, whose episodes are made whole only when asked (up next).
  func outlinesOfFavorites(_ favorites: [Show]) throws -> [Int: EpisodeOutlines] {
    var found: [Int: EpisodeOutlines] = [:]
    var missing: [Show] = []
    var failure: TVMazeError?
    for show in favorites {
      if let failure, failure.kind == .noConnection || failure.kind == .timedOut {
        if let known = episodes.knownOutlines(showID: show.id) {
          found[show.id] = known
        } else {
          missing.append(show)
        }
        continue
      }
      do {
        found[show.id] = try episodes.outlines(of: show, keepWithFavorites: true)
      } catch let error as TVMazeError {
        failure = failure ?? error
        missing.append(show)
      }
    }
    guard let failure, !missing.isEmpty else { return found }
    let names = missing.map { "\"\($0.name)\"" }.joined(separator: ", ")
    if found.isEmpty { throw ShellError.network(failure, action: "episodes of \(names)") }
    warn("left out \(names), whose episodes were never fetched: \(failure)")
    return found
  }

  /// Says something the user should know besides the command's report (shown once).
  func warn(_ warning: String) {
    warnings.append(warning)
  }

  /// Warnings of the show store and the episodes since the last call, to show once.
  public func takeShowWarnings() -> [String] {
    defer { warnings.removeAll() }
    return shows.takeWarnings() + episodes.takeWarnings() + warnings
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
    case .show: try show(id: item.id)?.name
    }
  }

  /// The details screen of an item.
  public func location(of item: ItemID) throws -> Location? {
    switch item.kind {
    case .toy: try catalog.toy(id: item.id).map { .toy(category: $0.category, id: $0.id) }
    case .story: try catalog.story(id: item.id).map { .story(ages: $0.ages, id: $0.id) }
    case .product:
      try catalog.product(id: item.id).map { .product(category: $0.category, id: $0.id) }
    case .show: try show(id: item.id).map { .show(id: $0.id) }
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

  /// The cart as the active profile sees it: without the lines bought for them.
  public func cart() throws -> CartDocument {
    var cart = try userData.cart.read()
    let viewer = userData.active.personID
    cart.lines.removeAll { $0.isHidden(from: viewer, owner: nil) }
    return cart
  }

  /// How many cart lines are hidden from the active profile (bought for them).
  public func hiddenCartLines() throws -> Int {
    let viewer = userData.active.personID
    return try userData.cart.read().lines.filter { $0.isHidden(from: viewer, owner: nil) }.count
  }
}

import Foundation
import ShelfDomain
import ShelfStore
import ShelfTV

/// Reads the inputs a screen declared (`ScreenNeeds`) from the library, and nothing else: the
/// one place a screen's data is read before it is built.
struct ScreenInputReader {
  let library: Library
  let sections: SectionRegistry
  /// Fetches a show's episodes when they are not known (with the retry dialog).
  let fetchEpisodes: (Show) throws -> [Episode]

  /// The inputs of `inputs.needs` at `inputs.location`, read into `inputs`. `fetchesEpisodes`
  /// (`ls` on a show): a show's details fetch its episodes when they are not known.
  func read(into inputs: inout ScreenInputs, fetchesEpisodes: Bool, fitting: Fitting?) throws {
    let needs = inputs.needs
    let location = inputs.location
    let person = inputs.person.map(library.userData.person(for:))
    if !needs.isDisjoint(with: [.favorites, .tracking, .outlines]) {
      inputs.values.favorites = try favorites(at: location, of: person)
    }
    if needs.contains(.cart) {
      inputs.values.cart = try library.cart()
      inputs.values.hiddenCartLines = try library.hiddenCartLines()
    }
    if !needs.isDisjoint(with: [.watched, .tracking]) {
      inputs.values.watched = try (person?.watched ?? library.userData.watched).read()
    }
    if needs.contains(.catalog), try showsCatalogItems(inputs) {
      inputs.values.catalog = try library.catalog
    }
    if needs.contains(.preferences) {
      inputs.values.preferences = try library.userData.preferences.read()
    }
    if needs.contains(.storiesRead) {
      inputs.values.storiesRead = try library.userData.person.storiesRead.read()
    }
    if needs.contains(.spoilers) { inputs.values.spoilers = try library.spoilerShield() }
    if needs.contains(.fitting) { inputs.values.fitting = fitting ?? library.activeFitting() }
    if !needs.isDisjoint(with: [.household, .wishList, .people]) {
      inputs.values.household = HouseholdInput(
        document: try library.household(), active: library.userData.active)
    }
    if needs.contains(.wishList) { inputs.values.wishList = try wishList(at: location) }
    if needs.contains(.people) { inputs.values.people = try people() }
    if needs.contains(.show) {
      try readShow(at: location, into: &inputs, fetching: fetchesEpisodes)
    }
    if needs.contains(.tracking) {
      try readTracking(into: &inputs, tracking: try person?.tracking.read())
    }
    if needs.contains(.outlines) {
      inputs.values.outlines = try library.outlinesOfFavorites(inputs.values.favorites.shows)
    }
    if needs.contains(.showCount) { inputs.values.showCount = try library.showCount() }
    if needs.contains(.showList) { inputs.values.showList = try showList(inputs) }
    if case .onlineSearch(let text) = location, needs.contains(.onlineResults) {
      inputs.values.onlineResults = library.rememberedResults(for: text)
    }
    if case .search(let scope, let search) = location, needs.contains(.found) {
      let request =
        inputs.listing.isEmpty
        ? search.request
        : search.request.replacing(
          with: inputs.listing)
      inputs.values.found = try Places(library: library, sections: sections).find(
        search.with(request), in: scope)
      inputs.values.showPages = ShowPages(library.shows)
    }
  }

  /// The favourites, their shows as the store has them now where the screen shows them.
  private func favorites(at location: Location, of person: PersonData?) throws
    -> FavoritesDocument
  {
    var favorites = try person?.favorites.read() ?? library.favorites()
    if location.sectionRoot == .favorites {
      favorites.shows = try library.currentShows(favorites.shows)
    } else if location.sectionRoot == .upNext {
      favorites.shows = try library.withCurrentFacts(favorites.shows)
    }
    return favorites
  }

  /// Whether the screen shows toys, stories or products, so that the catalog is read before
  /// it is built (a screen without any never reads it: an empty cart, favourites of shows).
  private func showsCatalogItems(_ inputs: ScreenInputs) throws -> Bool {
    switch inputs.location.sectionRoot {
    case .favorites:
      let favorites = inputs.values.favorites
      return !(favorites.toys.isEmpty && favorites.stories.isEmpty && favorites.products.isEmpty)
    case .cart:
      return !inputs.values.cart.lines.isEmpty
    default:
      return true
    }
  }

  /// Statuses and ratings, and the known episodes of tracked shows whose status follows them
  /// (a show on auto may be `completed`).
  private func readTracking(into inputs: inout ScreenInputs, tracking: TrackingDocument?) throws {
    let facts = try library.trackingFacts(
      favorites: inputs.values.favorites, watched: inputs.values.watched, tracking: tracking)
    inputs.values.tracking = facts
    let location = inputs.location
    guard location.sectionRoot == .favorites || location == .shows else { return }
    let shows =
      location == .shows
      ? try facts.trackedIDs.sorted().compactMap { try library.show(id: $0) }
      : inputs.values.favorites.shows
    for show in shows where inputs.values.episodes[show.id] == nil && facts.needsEpisodes(show) {
      inputs.values.episodes[show.id] = library.episodes.known(showID: show.id)
    }
  }

  /// The place's show and the episodes it shows: fetched first when not known. A show's
  /// details do without them when they cannot be fetched; its seasons and episodes cannot.
  private func readShow(at location: Location, into inputs: inout ScreenInputs, fetching: Bool)
    throws
  {
    let id: Int
    switch location {
    case .show(let show), .season(let show, _), .episode(let show, _, _): id = show
    default: return
    }
    guard let show = try library.show(id: id) else { return }
    inputs.values.show = show
    let episodes: [Episode]?
    if case .show = location {
      // `ls` fetches them (with the retry dialog, an error line in a script); `open` shows
      // the known ones.
      episodes = fetching ? try fetchEpisodes(show) : library.episodes.known(showID: id)
    } else {
      episodes = try fetchEpisodes(show)
    }
    if let episodes { inputs.values.episodes[id] = episodes }
  }

  /// The wish list of the place's owner: the named person's at /profiles/NAME/wishlist, else
  /// the active profile's.
  private func wishList(at location: Location) throws -> OwnedWishList {
    let active = library.userData.active
    var owner = active
    if case .profileWishList(let name) = location { owner = try library.profile(named: name) }
    return OwnedWishList(
      owner: owner, seenByOwner: owner.id == active.id,
      document: try library.userData.person(for: owner).wishList.read())
  }

  /// What each person has made, counted (every person's files are read: /profiles).
  private func people() throws -> [Int: PersonCounts] {
    var counts: [Int: PersonCounts] = [:]
    for profile in try library.household().profiles {
      let person = library.userData.person(for: profile)
      counts[profile.id] = PersonCounts(
        favorites: try person.favorites.read().count,
        wishes: try person.wishList.read().wishes.count,
        watched: try person.watched.read().shows.reduce(0) { $0 + $1.episodes.count },
        storiesRead: try person.storiesRead.read().stories.count)
    }
    return counts
  }

  /// `/shows` as its list reads it; with a child in question, how many shows fit (unless the
  /// list is only those), counted from the store's index of them.
  private func showList(_ inputs: ScreenInputs) throws -> ShowListInput {
    let request = inputs.listing
    let tracked = inputs.values.tracking.trackedIDs.sorted()
    let fitCount =
      inputs.values.fitting.age == nil || request.filters.contains { $0.kind == .fits }
      ? nil : try library.shows.count(ShowListQuery(fitsChildren: true))
    return ShowListInput(
      count: try library.showCount(), fromSnapshot: try library.shows.isFromSnapshot,
      widths: try library.shows.listWidths(), pages: ShowPages(library.shows),
      arranged: try ShowListScreen.arranged(request, in: library.shows),
      trackedShows: try tracked.compactMap { try library.show(id: $0) }, fitCount: fitCount)
  }
}

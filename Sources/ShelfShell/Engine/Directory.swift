import ShelfCatalog
import ShelfStore

/// What each screen contains, for paths, references, completion and `find`.
struct Directory {
  let library: Library

  static let sections: [(name: String, location: Location)] = [
    ("toys", .toys), ("stories", .stories), ("store", .store), ("shows", .shows),
    ("upnext", .upNext), ("favorites", .favorites), ("cart", .cart),
  ]

  /// The entries one path segment below `location`.
  func children(of location: Location) -> [Entry] {
    let catalog = library.catalog
    switch location {
    case .home:
      return Self.sections.map { Entry(name: $0.name, segment: $0.name, location: $0.location) }
    case .toys:
      return catalog.toyCategories.map {
        Entry(name: $0, segment: $0, location: .toyCategory($0))
      }
    case .stories:
      return catalog.storyAgeRanges.map {
        Entry(name: $0.description, segment: $0.description, location: .storyAges($0))
      }
    case .store:
      return catalog.productCategories.map {
        Entry(name: $0, segment: $0, location: .storeCategory($0))
      }
    case .toyCategory, .storyAges, .storeCategory, .shows, .season:
      return items(at: location)
    case .show(let id):
      return EpisodeEntries(library: library).seasons(ofShow: id)
    case .toy, .story, .product, .episode, .upNext, .favorites, .cart, .search, .onlineSearch:
      return []
    }
  }

  /// A place below `location` that its listing cannot show yet: a season or episode of a show
  /// whose episodes have not been fetched (`/shows/1/S1`, `/shows/1/S1/E3`); the screen fetches
  /// them when it is shown.
  func unlistedChild(_ segment: String, of location: Location, among entries: [Entry])
    -> Location?
  {
    guard entries.isEmpty, let code = EpisodeCode(parsing: segment) else { return nil }
    switch location {
    case .show(let id):
      guard let season = code.season, code.number == nil else { return nil }
      return .season(show: id, season: season)
    case .season(let show, let season):
      guard let number = code.number, code.season == nil || code.season == season else {
        return nil
      }
      return .episode(show: show, season: season, number: number)
    default:
      return nil
    }
  }

  /// The items a screen lists, which `open`, `fav`, `buy`… resolve references against.
  func items(at location: Location) -> [Entry] {
    let catalog = library.catalog
    switch location {
    case .toyCategory(let category):
      return catalog.toys(inCategory: category).map(entry)
    case .storyAges(let ages):
      return catalog.stories(forAges: ages).map(entry)
    case .storeCategory(let category):
      return catalog.products(inCategory: category).map(entry)
    case .shows:
      return library.showList().map(entry)
    case .favorites:
      guard let favorites = try? library.favorites() else { return [] }
      return favoriteItems(favorites).compactMap(entry(for:))
    case .cart:
      guard let cart = try? library.cart() else { return [] }
      return cart.lines.compactMap { entry(for: $0.item) }
    case .season(let show, let season):
      return EpisodeEntries(library: library).episodes(ofShow: show, season: season)
    case .upNext:
      return EpisodeEntries(library: library).upNext()
    case .search(let scope, let query):
      return find(query, in: scope)
    case .onlineSearch(let text):
      return library.rememberedResults(for: text).map(entry)
    case .home, .toys, .stories, .store, .toy, .story, .product, .show, .episode:
      return []
    }
  }

  func favoriteItems(_ favorites: FavoritesDocument) -> [ItemID] {
    favorites.toys.map { ItemID(.toy, $0) } + favorites.stories.map { ItemID(.story, $0) }
      + favorites.products.map { ItemID(.product, $0) }
      + favorites.shows.map { ItemID(.show, $0.id) }
  }

  func entry(for item: ItemID) -> Entry? {
    guard let location = library.location(of: item) else { return nil }
    return Entry(
      name: library.name(of: item) ?? item.description, segment: String(item.id),
      location: location, item: item)
  }

  func entry(_ toy: Toy) -> Entry {
    Entry(
      name: toy.name, segment: String(toy.id), location: .toy(category: toy.category, id: toy.id),
      item: ItemID(.toy, toy.id))
  }

  func entry(_ story: Story) -> Entry {
    Entry(
      name: story.title, segment: String(story.id),
      location: .story(ages: story.ages, id: story.id),
      item: ItemID(.story, story.id))
  }

  func entry(_ product: Product) -> Entry {
    Entry(
      name: product.name, segment: String(product.id),
      location: .product(category: product.category, id: product.id),
      item: ItemID(.product, product.id))
  }

  func entry(_ show: Show) -> Entry {
    Entry(
      name: show.name, segment: String(show.id), location: .show(id: show.id),
      item: ItemID(.show, show.id))
  }

  /// `find`: the section's items matching the query (everything from `/`).
  func find(_ query: CatalogQuery, in scope: Location) -> [Entry] {
    let catalog = library.catalog
    var results: [Entry] = []
    let section = scope.section
    if section == .home || section == .toys {
      results += catalog.toys.filter(query.matches).map(entry)
    }
    if section == .home || section == .stories {
      results += catalog.stories.filter(query.matches).map(entry)
    }
    if section == .home || section == .store {
      results += catalog.products.filter(query.matches).map(entry)
    }
    if section == .home || section == .shows {
      results += library.showList().filter(query.matches).map(entry)
    }
    if section == .favorites || section == .cart {
      results += items(at: section).filter { entry in
        guard query.matchesText([entry.name]) else { return false }
        guard query.minimumAge != nil || query.maximumAge != nil else { return true }
        return ages(of: entry).map(query.matchesAges) ?? false
      }
    }
    return results
  }

  func ages(of entry: Entry) -> AgeRange? {
    guard let item = entry.item else { return nil }
    switch item.kind {
    case .toy: return library.catalog.toy(id: item.id)?.ages
    case .story: return library.catalog.story(id: item.id)?.ages
    case .product, .show: return nil
    }
  }
}

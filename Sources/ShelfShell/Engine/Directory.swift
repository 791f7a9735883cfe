import ShelfCatalog
import ShelfStore
import ShelfTV

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
      // Names and ids only, read from the store's columns (no show is decoded).
      var entries: [Entry] = []
      try? library.shows.forEachRow { entries.append(entry($0)) }
      return entries
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

  func entry(_ row: ShowRow) -> Entry {
    Entry(
      name: row.name, segment: String(row.id), location: .show(id: row.id),
      item: ItemID(.show, row.id))
  }

  /// The items of `scope` that a reference (or path segment) could name: for /shows, looked
  /// up in the show store by id, folded name and slug instead of listing every show; for the
  /// other screens, all their items.
  func candidates(for reference: String, at scope: Location) -> [Entry] {
    guard scope == .shows else { return items(at: scope) }
    let shows = library.shows
    var rows: [ShowRow] = []
    if let id = Int(reference) {
      rows +=
        (try? shows.show(id: id)).flatMap { $0 }.map {
          [ShowRow(id: $0.id, name: $0.name)]
        } ?? []
    }
    rows += (try? shows.completions(namePrefix: reference, limit: Self.lookupLimit)) ?? []
    rows += (try? shows.rows(slugPrefix: reference, limit: Self.lookupLimit)) ?? []
    var seen = Set<Int>()
    return rows.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }.map(entry)
  }

  /// The entries one segment below `location` that `segment` could name (see `candidates`);
  /// for /shows, when none could, a few shows so that there is something to suggest.
  func children(of location: Location, matching segment: String) -> [Entry] {
    guard location == .shows else { return children(of: location) }
    let found = candidates(for: segment, at: location)
    if !found.isEmpty { return found }
    return ((try? library.shows.rows(limit: 200)) ?? []).map(entry)
  }

  /// The items of `scope` that Tab could offer for `prefix`: for /shows, the ids and folded
  /// names starting with it, at most `completionLimit` of each.
  func completionItems(at scope: Location, prefix: String) -> [Entry] {
    guard scope == .shows else { return items(at: scope) }
    let shows = library.shows
    let limit = Self.completionLimit
    var rows: [ShowRow]
    if prefix.isEmpty {
      rows = (try? shows.rows(limit: limit)) ?? []
    } else {
      rows = (try? shows.completions(idPrefix: prefix, limit: limit)) ?? []
      if Int(prefix) == nil {
        rows += (try? shows.completions(namePrefix: prefix, limit: limit)) ?? []
      }
    }
    var seen = Set<Int>()
    return rows.filter { seen.insert($0.id).inserted }.map(entry)
  }

  /// How many shows a reference lookup considers (enough to list an ambiguity).
  static let lookupLimit = 100
  /// How many shows Tab offers at most for one prefix.
  static let completionLimit = 200

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
    if (section == .home || section == .shows) && query.minimumAge == nil
      && query.maximumAge == nil
    {
      // Every word starts a word of the name or genres (the store's full-text index).
      if query.text.split(whereSeparator: \.isWhitespace).isEmpty {
        try? library.shows.forEachRow { results.append(entry($0)) }
      } else {
        let found = try? library.shows.search(query.text, in: .nameAndGenres, limit: Int.max)
        results += (found ?? []).map(entry)
      }
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

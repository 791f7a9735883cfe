import ShelfCatalog
import ShelfStore

/// What each screen contains, for paths, references, completion and `find`.
struct Directory {
  let library: Library

  static let sections: [(name: String, location: Location)] = [
    ("toys", .toys), ("stories", .stories), ("store", .store), ("shows", .shows),
    ("favorites", .favorites), ("cart", .cart),
  ]

  /// The entries one path segment below `location`.
  func children(of location: Location) throws -> [Entry] {
    let catalog = try library.catalog
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
    case .toyCategory, .storyAges, .storeCategory, .shows:
      return try items(at: location)
    case .toy, .story, .product, .show, .favorites, .cart, .search, .onlineSearch:
      return []
    }
  }

  /// The items a screen lists, which `open`, `fav`, `buy`… resolve references against.
  func items(at location: Location) throws -> [Entry] {
    switch location {
    case .toyCategory(let category):
      return try library.catalog.toys(inCategory: category).map(entry)
    case .storyAges(let ages):
      return try library.catalog.stories(forAges: ages).map(entry)
    case .storeCategory(let category):
      return try library.catalog.products(inCategory: category).map(entry)
    case .shows:
      return library.showList().map(entry)
    case .favorites:
      guard let favorites = try? library.favorites() else { return [] }
      return try favoriteItems(favorites).compactMap(entry(for:))
    case .cart:
      guard let cart = try? library.cart() else { return [] }
      return try cart.lines.compactMap { try entry(for: $0.item) }
    case .search(let scope, let query):
      return try find(query, in: scope)
    case .onlineSearch(let text):
      return library.rememberedResults(for: text).map(entry)
    case .home, .toys, .stories, .store, .toy, .story, .product, .show:
      return []
    }
  }

  /// A catalog list with its completion index: the index's positions are the list's items.
  struct IndexedList {
    let index: CompletionIndex
    let entry: (Int) -> Entry
  }

  /// The completion index of a toy category, a story age range or a store category; nil for
  /// other screens.
  func indexedList(at location: Location) throws -> IndexedList? {
    switch location {
    case .toyCategory(let category):
      let catalog = try library.catalog
      let toys = catalog.toys(inCategory: category)
      return IndexedList(index: catalog.completionIndex(forToysIn: category)) { entry(toys[$0]) }
    case .storyAges(let ages):
      let catalog = try library.catalog
      let stories = catalog.stories(forAges: ages)
      return IndexedList(index: catalog.completionIndex(forStoriesFor: ages)) {
        entry(stories[$0])
      }
    case .storeCategory(let category):
      let catalog = try library.catalog
      let products = catalog.products(inCategory: category)
      return IndexedList(index: catalog.completionIndex(forProductsIn: category)) {
        entry(products[$0])
      }
    default:
      return nil
    }
  }

  func favoriteItems(_ favorites: FavoritesDocument) -> [ItemID] {
    favorites.toys.map { ItemID(.toy, $0) } + favorites.stories.map { ItemID(.story, $0) }
      + favorites.products.map { ItemID(.product, $0) }
      + favorites.shows.map { ItemID(.show, $0.id) }
  }

  func entry(for item: ItemID) throws -> Entry? {
    guard let location = try library.location(of: item) else { return nil }
    return Entry(
      name: try library.name(of: item) ?? item.description, segment: String(item.id),
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

  /// `find`: the section's items matching the query (everything from `/`), best match first
  /// (exact word, word prefix, substring, typo), ties by name; then `--sort` and `--limit`.
  func find(_ query: CatalogQuery, in scope: Location) throws -> [Entry] {
    let section = scope.section
    var order = query.options
    order.price = nil
    // One kind of item: sort and cut the items first, so that only the shown ones become
    // entries (a find over 100,000 toys with --limit 20 makes 20).
    if section == .toys || section == .stories || section == .store {
      let catalog = try library.catalog
      let filtered =
        query.minimumAge != nil || query.maximumAge != nil || query.options.price != nil
      // In relevance order, only the first --limit matches can be shown.
      let cut: ([SearchIndex.Match]) -> ArraySlice<SearchIndex.Match> = { matches in
        guard let limit = order.limit, order.sort ?? .relevance == .relevance else {
          return matches[...]
        }
        return matches.prefix(limit)
      }
      switch section {
      case .toys:
        let toys = catalog.toys
        let found = cut(
          catalog.searchToys(
            query.text,
            where: filtered ? { query.matchesFilters(ages: $0.ages, price: $0.price) } : nil)
        ).map { toys[$0.position] }
        return order.apply(found, name: \.name, price: \.price, ages: \.ages).map(entry)
      case .stories:
        let stories = catalog.stories
        let found = cut(
          catalog.searchStories(query.text) {
            query.matchesFilters(ages: $0.ages, price: nil)
          }
        ).map { stories[$0.position] }
        return order.apply(found, name: \.title, price: { _ in nil }, ages: \.ages).map(entry)
      default:
        let products = catalog.products
        let found = cut(
          catalog.searchProducts(query.text) {
            query.matchesFilters(ages: nil, price: $0.price)
          }
        ).map { products[$0.position] }
        return order.apply(found, name: \.name, price: \.price, ages: { _ in nil }).map(entry)
      }
    }
    var ranked: [(entry: Entry, tier: MatchTier)] = []
    if section == .home {
      let catalog = try library.catalog
      do {
        let toys = catalog.toys
        ranked += catalog.searchToys(query.text) {
          query.matchesFilters(ages: $0.ages, price: $0.price)
        }.map { (entry(toys[$0.position]), $0.tier) }
      }
      do {
        let stories = catalog.stories
        ranked += catalog.searchStories(query.text) {
          query.matchesFilters(ages: $0.ages, price: nil)
        }.map { (entry(stories[$0.position]), $0.tier) }
      }
      do {
        let products = catalog.products
        ranked += catalog.searchProducts(query.text) {
          query.matchesFilters(ages: nil, price: $0.price)
        }.map { (entry(products[$0.position]), $0.tier) }
      }
    }
    if section == .home || section == .shows {
      let shows = library.showList()
      let index = SearchIndex(
        count: shows.count, fields: { [shows[$0].name] + (shows[$0].genres ?? []) },
        name: { shows[$0].name })
      ranked += index.search(query.text) { _ in query.matchesFilters(ages: nil, price: nil) }
        .map { (entry(shows[$0.position]), $0.tier) }
    }
    if section == .favorites || section == .cart {
      let entries = try items(at: section)
      let index = SearchIndex(
        count: entries.count, fields: { [entries[$0].name] }, name: { entries[$0].name })
      ranked += try index.search(query.text).map { (entries[$0.position], $0.tier) }.filter {
        query.matchesFilters(
          ages: try ages(of: $0.entry), price: try $0.entry.item.flatMap(library.price(of:)))
      }
    }
    if section == .home {
      // Several kinds: merge them by tier, then name (each kind is already in that order).
      let keys = ranked.map { SearchKey.fold($0.entry.name) }
      ranked = ranked.indices.sorted { left, right in
        let a = ranked[left].tier
        let b = ranked[right].tier
        if a != b { return a < b }
        return keys[left] != keys[right] ? keys[left] < keys[right] : left < right
      }.map { ranked[$0] }
    }
    let entries = ranked.map(\.entry)
    guard !order.isEmpty else { return entries }
    return try arrange(entries, by: order)
  }

  /// `--sort` and `--limit` applied to a list of entries.
  func arrange(_ entries: [Entry], by options: ListOptions) throws -> [Entry] {
    let prices = try entries.map { entry in try entry.item.flatMap(library.price(of:)) }
    let ages = try entries.map(ages(of:))
    let arranged = options.apply(
      Array(entries.indices), name: { entries[$0].name }, price: { prices[$0] },
      ages: { ages[$0] })
    return arranged.map { entries[$0] }
  }

  func ages(of entry: Entry) throws -> AgeRange? {
    guard let item = entry.item else { return nil }
    switch item.kind {
    case .toy: return try library.catalog.toy(id: item.id)?.ages
    case .story: return try library.catalog.story(id: item.id)?.ages
    case .product, .show: return nil
    }
  }
}

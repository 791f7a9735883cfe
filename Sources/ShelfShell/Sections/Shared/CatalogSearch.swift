import ShelfCatalog
import ShelfDomain
import ShelfSearch

/// `find` over one kind of catalog item (toys, stories or products), shared by their sections.
struct CatalogSearch<Item: Sendable> {
  let items: ItemList<Item>
  /// The catalog's ranked search of this kind, with an optional filter.
  let search: (String, ((Item) -> Bool)?) -> [SearchIndex.Match]
  let name: (Item) -> String
  let price: (Item) -> Money?
  let ages: (Item) -> AgeRange?
  let entry: (Item) -> Entry

  /// Every match, best first, with its tier.
  func ranked(_ query: CatalogQuery) -> [RankedEntry] {
    search(query.text, filter(query)).map {
      RankedEntry(entry: entry(items[$0.position]), tier: $0.tier)
    }
  }

  /// The first `limit` matches, best first, and how many there are: entries are made for
  /// those alone (find --limit 20 from / over 100,000 toys makes 20).
  func first(_ limit: Int, _ query: CatalogQuery) -> (entries: [RankedEntry], total: Int) {
    let all = search(query.text, filter(query))
    let entries = all.prefix(limit).map {
      RankedEntry(entry: entry(items[$0.position]), tier: $0.tier)
    }
    return (entries, all.count)
  }

  /// The matches in the order `--sort` asks, cut to `--limit` before any entry is made (a find
  /// over 100,000 toys with --limit 20 makes 20 entries).
  func arranged(_ query: CatalogQuery) -> FoundEntries {
    var order = query.options
    order.price = nil  // already applied by the filter
    let all = search(query.text, filter(query))
    var matches = all[...]
    // In relevance order, only the first --limit matches can be shown.
    if let limit = order.limit, order.sort ?? .relevance == .relevance {
      matches = matches.prefix(limit)
    }
    let found = matches.map { items[$0.position] }
    return FoundEntries(
      entries: order.apply(found, name: name, price: price, ages: ages).map(entry),
      total: all.count)
  }

  private func filter(_ query: CatalogQuery) -> ((Item) -> Bool)? {
    guard query.minimumAge != nil || query.maximumAge != nil || query.options.price != nil else {
      return nil
    }
    return { query.matchesFilters(ages: ages($0), price: price($0)) }
  }
}

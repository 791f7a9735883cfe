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
  func first(_ limit: Int, _ query: CatalogQuery) -> (
    entries: [RankedEntry], total: Int, nearSpellings: Int
  ) {
    let all = kept(query)
    let entries = all.matches.prefix(limit).map {
      RankedEntry(entry: entry(items[$0.position]), tier: $0.tier)
    }
    return (entries, all.matches.count, all.leftOut)
  }

  /// The matches in the order `--sort` asks, cut to `--limit` before any entry is made (a find
  /// over 100,000 toys with --limit 20 makes 20 entries).
  func arranged(_ query: CatalogQuery) -> FoundEntries {
    var order = query.options
    order.price = nil  // already applied by the filter
    let all = kept(query)
    var matches = all.matches[...]
    // In relevance order, only the first --limit matches can be shown.
    if let limit = order.limit, order.sort ?? .relevance == .relevance {
      matches = matches.prefix(limit)
    }
    let typos = Set(matches.lazy.filter { $0.tier == .typo }.map(\.position))
    let shown = order.apply(
      matches.map(\.position), name: { name(items[$0]) }, price: { price(items[$0]) },
      ages: { ages(items[$0]) })
    let entries = shown.map { entry(items[$0]) }
    return FoundEntries(
      entries: entries, total: all.matches.count,
      typos: Set(zip(shown, entries).lazy.filter { typos.contains($0.0) }.compactMap(\.1.item)),
      nearSpellings: all.leftOut)
  }

  /// Every match, the near spellings kept or left out as `NearSpellings` says.
  private func kept(_ query: CatalogQuery) -> (matches: [SearchIndex.Match], leftOut: Int) {
    NearSpellings.kept(search(query.text, filter(query)), fuzzy: query.fuzzy, tier: \.tier)
  }

  private func filter(_ query: CatalogQuery) -> ((Item) -> Bool)? {
    guard query.minimumAge != nil || query.maximumAge != nil || query.options.price != nil else {
      return nil
    }
    return { query.matchesFilters(ages: ages($0), price: price($0)) }
  }
}

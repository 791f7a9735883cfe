import ShelfCatalog
import ShelfDomain
import ShelfSearch
import ShelfTV

/// A match of `find`: the entry and how well it matched (the word itself, a word starting with
/// it, containing it, or a typo of it).
struct RankedEntry {
  let entry: Entry
  let tier: MatchTier

  /// Matches of several sections in one order: by tier, then folded name.
  static func merged(_ matches: [RankedEntry]) -> [RankedEntry] {
    let keys = matches.map { SearchKey.fold($0.entry.name) }
    return matches.indices.sorted { left, right in
      let a = matches[left].tier
      let b = matches[right].tier
      if a != b { return a < b }
      return keys[left] != keys[right] ? keys[left] < keys[right] : left < right
    }.map { matches[$0] }
  }

  /// Every match of a section, ranked: the near spellings kept or left out as `NearSpellings`
  /// says, then `--sort`, `--price` and `--limit`.
  static func found(_ ranked: [RankedEntry], _ query: CatalogQuery, in library: Library) throws
    -> FoundEntries
  {
    let kept = NearSpellings.kept(ranked, fuzzy: query.fuzzy, tier: \.tier)
    var found = try arranged(kept.matches.map(\.entry), by: query.options, in: library)
    found.typos = typos(kept.matches)
    found.nearSpellings = kept.leftOut
    return found
  }

  /// The items of the near spellings among `matches`.
  static func typos(_ matches: [RankedEntry]) -> Set<ItemID> {
    Set(matches.lazy.filter { $0.tier == .typo }.compactMap(\.entry.item))
  }

  /// `--sort`, `--price` and `--limit` applied to a list of entries.
  static func arranged(_ entries: [Entry], by options: ListOptions, in library: Library) throws
    -> FoundEntries
  {
    guard !options.isEmpty else { return FoundEntries(entries: entries, total: entries.count) }
    // Only a limit: the first entries, without looking up every entry's price and ages.
    if options.sort ?? .relevance == .relevance && options.price == nil {
      return FoundEntries(
        entries: Array(entries.prefix(options.limit ?? entries.count)), total: entries.count)
    }
    let prices = try entries.map { entry in try entry.item.flatMap(library.price(of:)) }
    let ages = try entries.map { try library.ages(of: $0.item) }
    var unlimited = options
    unlimited.limit = nil
    let arranged = unlimited.apply(
      Array(entries.indices), name: { entries[$0].name }, price: { prices[$0] },
      ages: { ages[$0] })
    return FoundEntries(
      entries: arranged.prefix(options.limit ?? arranged.count).map { entries[$0] },
      total: arranged.count)
  }
}

extension RankedEntry {
  /// `find` in a short list of the user's own items (favourites, cart lines): by name, with
  /// the query's age and price filters.
  static func search(_ entries: [Entry], for query: CatalogQuery, in library: Library) throws
    -> [RankedEntry]
  {
    let index = SearchIndex(
      count: entries.count, fields: { [entries[$0].name] }, name: { entries[$0].name })
    return try index.search(query.text).map {
      RankedEntry(entry: entries[$0.position], tier: $0.tier)
    }.filter {
      query.matchesFilters(
        ages: try library.ages(of: $0.entry.item),
        price: try $0.entry.item.flatMap(library.price(of:)))
    }
  }
}

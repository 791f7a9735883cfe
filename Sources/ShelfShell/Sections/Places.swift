import ShelfCatalog
import ShelfDomain
import ShelfSearch
import ShelfStore
import ShelfTV

/// What each screen contains, for paths, references, completion and `find`: it asks the
/// section a place belongs to (`SectionRegistry`), and knows only what spans sections (the
/// home screen, search results, kind-qualified ids).
struct Places: PlaceDirectory {
  let library: Library
  var sections: SectionRegistry = .standard

  /// The entries one path segment below `location`.
  func children(of location: Location) throws -> [Entry] {
    guard location != .home else {
      return sections.sections.map { Entry(name: $0.name, segment: $0.name, location: $0.root) }
    }
    return try section(location).children(of: location, in: library)
  }

  /// The items a screen lists, which `open`, `fav`, `buy`… resolve references against.
  func items(at location: Location) throws -> [Entry] {
    switch location {
    case .home: return []
    case .search(let scope, let search): return try find(search, in: scope).entries
    default: return try section(location).items(at: location, in: library)
    }
  }

  /// The items of `scope` that a reference (or path segment) could name.
  func candidates(for reference: String, at scope: Location) throws -> [Entry] {
    if case .search = scope { return try items(at: scope) }
    return try section(scope).candidates(for: reference, at: scope, in: library)
  }

  /// The entries one segment below `location` that `segment` could name.
  func children(of location: Location, matching segment: String) throws -> [Entry] {
    guard location != .home else { return try children(of: location) }
    let section = section(location)
    guard try section.indexedList(at: location, in: library) == nil else {
      return try children(of: location)
    }
    let found = try section.candidates(for: segment, at: location, in: library)
    return found.isEmpty ? try children(of: location) : found
  }

  /// The items of `scope` that Tab could offer for `prefix`.
  func completionItems(at scope: Location, prefix: String) throws -> [Entry] {
    if case .search = scope { return try items(at: scope) }
    guard scope != .home else { return [] }
    return try section(scope).completionItems(at: scope, prefix: prefix, in: library)
  }

  /// A catalog list with its completion index; nil for other screens.
  func indexedList(at location: Location) throws -> IndexedList? {
    guard location != .home else { return nil }
    return try section(location).indexedList(at: location, in: library)
  }

  /// A place below `location` that its listing cannot show yet (see `Section`).
  func unlistedChild(_ segment: String, of location: Location, among entries: [Entry])
    -> Location?
  {
    guard entries.isEmpty, location != .home else { return nil }
    return section(location).unlistedChild(segment, of: location, in: library)
  }

  /// The entry of an item anywhere (a kind-qualified id, a favourite, a cart line). A saved
  /// item the catalog no longer has is a gone entry, named as it was saved.
  func entry(for item: ItemID) throws -> Entry? {
    guard let location = try library.location(of: item) else {
      guard let saved = library.savedItem(item) else { return nil }
      return Entry(
        name: saved.name, segment: String(item.id), location: saved.place, item: item,
        isGone: true)
    }
    return Entry(
      name: try library.name(of: item) ?? item.description, segment: String(item.id),
      location: location, item: item)
  }

  /// `find` with its list request: the catalog's matches, then `--kind` and `--reverse` on
  /// them and the limit.
  func find(_ search: Search, in scope: Location) throws -> FoundEntries {
    var found = try find(search.query, in: scope)
    guard search.arrangesResults else { return found }
    // Each entry with its row when it has one, so that both keep one order.
    let rows = found.showRows.flatMap { $0.count == found.entries.count ? $0 : nil }
    var pairs = found.entries.indices.map { (entry: found.entries[$0], row: rows?[$0]) }
    for case .kind(let kind) in search.request.filters {
      pairs = pairs.filter { $0.entry.item?.kind == kind }
    }
    for case .fits(_, let age) in search.request.filters {
      pairs = try pairs.filter { try fits($0.entry, age: age, row: $0.row) }
    }
    if search.request.reverse { pairs.reverse() }
    found.total = pairs.count
    if let limit = search.request.limit { pairs = Array(pairs.prefix(limit)) }
    found.entries = pairs.map(\.entry)
    found.showRows = rows == nil ? nil : pairs.compactMap(\.row)
    return found
  }

  /// `find`: the section's items matching the query, best match first (exact word, word
  /// prefix, substring, typo), ties by name, then `--sort` and `--limit`; from `/`, every
  /// section's.
  func find(_ query: CatalogQuery, in scope: Location) throws -> FoundEntries {
    guard scope.sectionRoot == .home else {
      return try section(scope).findArranged(query, in: library)
    }
    let searched = sections.sections.filter(\.searchedFromHome)
    // Only the first --limit in relevance order are shown: each section's list is in that
    // order, so the first of the merge are among each section's first.
    if let limit = query.options.limit, query.options.sort ?? .relevance == .relevance,
      query.options.price == nil
    {
      var firsts: [RankedEntry] = []
      var total = 0
      var nearSpellings = 0
      for section in searched {
        let found = try section.findFirst(limit, query, in: library)
        firsts += found.entries
        total += found.total
        nearSpellings += found.nearSpellings
      }
      let shown = Array(RankedEntry.merged(firsts).prefix(limit))
      return FoundEntries(
        entries: shown.map(\.entry), total: total, typos: RankedEntry.typos(shown),
        nearSpellings: nearSpellings)
    }
    // Each section's near spellings are kept or left out as its own matches say.
    var ranked: [RankedEntry] = []
    var nearSpellings = 0
    for section in searched {
      let kept = NearSpellings.kept(
        try section.find(query, in: library), fuzzy: query.fuzzy, tier: \.tier)
      ranked += kept.matches
      nearSpellings += kept.leftOut
    }
    var found = try RankedEntry.arranged(
      RankedEntry.merged(ranked).map(\.entry), by: query.options, in: library)
    found.typos = RankedEntry.typos(ranked)
    found.nearSpellings = nearSpellings
    return found
  }

  /// Whether an entry fits a child of `age`: a toy or story by its ages, a show by TVmaze's
  /// genres (`ChildrensShows`: from the rows find read, else the show store), a product never.
  private func fits(_ entry: Entry, age: Int, row: ShowRow?) throws -> Bool {
    guard let item = entry.item else { return false }
    guard item.kind == .show else {
      return try library.ages(of: item).map { $0.minimum <= age && age <= $0.maximum } ?? false
    }
    if let row, row.id == item.id { return ChildrensShows.fit(joined: row.genres) }
    return try library.show(id: item.id).map { ChildrensShows.fit($0.genres ?? []) } ?? false
  }

  private func section(_ location: Location) -> any Section {
    sections.section(for: location)
  }
}

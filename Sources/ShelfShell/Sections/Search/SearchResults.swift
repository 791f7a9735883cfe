import ShelfDomain

/// The results of `find` at `scope`: the matching items of the section (everything from `/`),
/// each as its list shows it.
struct SearchResults {
  let scope: Location
  let search: Search

  /// What find results in `scope` take: the orders `find` knows and the filters of the
  /// section's items (`--kind` where kinds are mixed).
  static func capabilities(in scope: Location) -> ListCapabilities {
    switch scope.sectionRoot {
    case .toys:
      ListCapabilities(orders: ["relevance", "name", "price", "age"], filters: [.age, .price])
    case .stories: ListCapabilities(orders: ["relevance", "name", "age"], filters: [.age])
    case .store: ListCapabilities(orders: ["relevance", "name", "price"], filters: [.price])
    case .shows, .upNext: ListCapabilities(orders: ["relevance", "name"], filters: [])
    default:
      ListCapabilities(
        orders: ["relevance", "name", "price", "age"], filters: [.age, .price, .kind])
    }
  }

  /// What find results in `scope` read: the results, and what a row of the section's items
  /// reads (everything's from `/`).
  static func inputs(in scope: Location) -> ScreenNeeds {
    switch scope.sectionRoot {
    case .shows, .upNext: ScreenNeeds.found.union(.showRows)
    case .toys, .stories, .store: ScreenNeeds.found.union(.itemRows)
    default: ScreenNeeds.found.union(.itemRows).union(.showRows)
    }
  }

  func screen(inputs: ScreenInputs) throws -> SearchScreen {
    let found = inputs.found
    if scope.sectionRoot == .shows, found.entries.count > PlainListRows.streamedFrom,
      let screen = showResults(found, inputs: inputs)
    {
      return screen
    }
    let rows = try found.entries.compactMap { entry -> SearchRow? in
      guard let item = entry.item, let row = try row(of: item, inputs) else {
        return nil
      }
      return SearchRow(
        item: row, path: entry.location.path, parentPath: entry.location.parent.path)
    }
    return SearchScreen(
      search: SearchJSON(
        path: scope.path, scope: scope.path, search: SearchQuery(search),
        total: found.total, rows: rows),
      queryText: search.words, arranged: search.arranged, columns: SearchRow.columns(in: scope))
  }

  /// Many shows found in /shows: listed from the rows find read from the store, each show's row
  /// made only when its JSON row is written (from the store's pages), the table printed from
  /// the rows (thousands of results without decoding thousands of shows). Nil when an entry is
  /// not a show found in the store.
  private func showResults(_ found: FoundEntries, inputs: ScreenInputs) -> SearchScreen? {
    guard let rows = found.showRows, rows.count == found.entries.count else { return nil }
    let favorites = Set(inputs.favorites.shows.map(\.id))
    let pages = inputs.showPages
    let models = ListRows(count: rows.count) { index -> SearchRow in
      let row = rows[index]
      let show = pages?.show(id: row.id) ?? Show(id: row.id, name: row.name)
      return SearchRow(
        item: .show(inputs.showItemRow(show)), path: Location.show(id: row.id).path,
        parentPath: Location.shows.path)
    }
    var screen = SearchScreen(
      search: SearchJSON(
        path: scope.path, scope: scope.path, search: SearchQuery(search),
        total: found.total, rows: models),
      queryText: search.words, arranged: search.arranged, columns: SearchRow.columns(in: scope))
    screen.plain = ShowPlainRows.results(rows, favorites: favorites)
    return screen
  }

  /// The item as its own list shows it.
  private func row(of item: ItemID, _ inputs: ScreenInputs) throws -> ItemRow? {
    switch item.kind {
    case .toy:
      return try inputs.catalog.toy(id: item.id).map { .toy(inputs.toyRow($0)) }
    case .story:
      return try inputs.catalog.story(id: item.id).map { .story(inputs.storyRow($0)) }
    case .product:
      return try inputs.catalog.product(id: item.id).map { .product(try inputs.productRow($0)) }
    case .show: return inputs.showPages?.show(id: item.id).map { .show(inputs.showItemRow($0)) }
    }
  }
}

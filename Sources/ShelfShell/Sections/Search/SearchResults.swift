import ShelfDomain
import ShelfTV

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
      ListCapabilities(
        orders: ["relevance", "name", "price", "age"], filters: [.age, .price, .fits])
    case .stories: ListCapabilities(orders: ["relevance", "name", "age"], filters: [.age, .fits])
    case .store: ListCapabilities(orders: ["relevance", "name", "price"], filters: [.price])
    case .shows: ListCapabilities(orders: ["relevance", "name"], filters: [.fits])
    case .upNext: ListCapabilities(orders: ["relevance", "name"], filters: [])
    case .favorites:
      ListCapabilities(
        orders: ["relevance", "name", "price", "age"], filters: [.age, .price, .kind, .fits])
    default:
      ListCapabilities(
        orders: ["relevance", "name", "price", "age"], filters: [.age, .price, .kind])
    }
  }

  /// What find results in `scope` read: the results, and what a row of the section's items
  /// reads (everything's from `/`).
  static func inputs(in scope: Location) -> ScreenNeeds {
    switch scope.sectionRoot {
    case .shows: ScreenNeeds.found.union(.showRows).union(.fitting)
    case .upNext: ScreenNeeds.found.union(.showRows)
    case .toys, .stories, .store: ScreenNeeds.found.union(.itemRows)
    default: ScreenNeeds.found.union(.itemRows).union(.showRows)
    }
  }

  func screen(inputs: ScreenInputs) throws -> SearchScreen {
    let found = inputs.found
    if scope.sectionRoot == .shows, let screen = showResults(found, inputs: inputs) {
      return screen
    }
    let rows = try found.entries.compactMap { entry -> SearchRow? in
      guard let item = entry.item, let row = try row(of: item, inputs) else {
        return nil
      }
      return SearchRow(
        item: row, path: entry.location.path, parentPath: entry.location.parent.path,
        typo: found.typos.contains(item))
    }
    return screen(found, rows: ListRows(rows))
  }

  /// The screen of `rows`, with what was left out of them.
  private func screen(_ found: FoundEntries, rows: ListRows<SearchRow>) -> SearchScreen {
    var json = SearchJSON(
      path: scope.path, scope: scope.path, search: SearchQuery(search), total: found.total,
      rows: rows)
    json.nearSpellings = found.nearSpellings
    var screen = SearchScreen(
      search: json, queryText: search.words, arranged: search.arranged,
      columns: SearchRow.columns(in: scope))
    screen.fuzzyCommand = "find \(search.text) --fuzzy"
    screen.marksTypos = found.entries.contains { $0.item.map(found.typos.contains) ?? false }
    return screen
  }

  /// Shows found in /shows: listed from the rows find read from the store. The table is made
  /// from those rows (its ref, name, rating, ★ and fits are all in them) and each show's JSON
  /// row from the store's pages only when it is written, so that neither a screen of results
  /// nor thousands decode a show each; many are printed as a plain table straight from the
  /// rows. Nil when an entry is not a show found in the store.
  private func showResults(_ found: FoundEntries, inputs: ScreenInputs) -> SearchScreen? {
    guard let rows = found.showRows, rows.count == found.entries.count else { return nil }
    let favorites = Set(inputs.favorites.shows.map(\.id))
    let pages = inputs.showPages
    let typos = Set(found.typos.lazy.filter { $0.kind == .show }.map(\.id))
    func searchRow(_ row: ShowRow, _ show: Show) -> SearchRow {
      SearchRow(
        item: .show(inputs.showItemRow(show)), path: Location.show(id: row.id).path,
        parentPath: Location.shows.path, typo: typos.contains(row.id))
    }
    let models = ListRows(count: rows.count) { index -> SearchRow in
      let row = rows[index]
      return searchRow(row, pages?.show(id: row.id) ?? Show(id: row.id, name: row.name))
    }
    var screen = screen(found, rows: models)
    screen.tableRows = ListRows(count: rows.count) { searchRow(rows[$0], Self.show(rows[$0])) }
    if rows.count > PlainListRows.streamedFrom {
      screen.plain = ShowPlainRows.results(
        rows, favorites: favorites, typos: typos, marksFits: inputs.fitting.age != nil)
    }
    return screen
  }

  /// A show with what its store row holds: name, rating and genres.
  private static func show(_ row: ShowRow) -> Show {
    var show = Show(id: row.id, name: row.name)
    show.rating = Show.Rating(average: row.rating)
    show.genres = row.genres.split(separator: "," as Character).map {
      String($0.drop { $0 == " " })
    }
    return show
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

import ShelfCatalog

/// The results of `find` at `scope`: the matching items of the section (everything from `/`),
/// each as its list shows it.
struct SearchResults {
  let scope: Location
  let search: Search

  /// What find results in `scope` take: the orders `find` knows and the filters of the
  /// section's items (`--kind` where kinds are mixed).
  static func capabilities(in scope: Location) -> ListCapabilities {
    switch scope.section {
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

  func screen(inputs: ScreenInputs) throws -> SearchScreen {
    let found = try Directory(library: inputs.library).find(search, in: scope)
    let catalog = inputs.loadedCatalog
    let rows = try found.entries.compactMap { entry -> SearchRow? in
      guard let item = entry.item, let model = try model(of: item, inputs, catalog) else {
        return nil
      }
      return SearchRow(
        item: model, path: entry.location.path, parentPath: entry.location.parent.path)
    }
    return SearchScreen(
      search: SearchModel(
        path: scope.path, scope: scope.path, search: SearchQuery(search),
        total: found.total, rows: rows),
      queryText: search.words, arranged: search.arranged, columns: SearchRow.columns(in: scope))
  }

  /// The item as its own list shows it.
  private func model(of item: ItemID, _ inputs: ScreenInputs, _ catalog: Catalog?) throws
    -> ItemModel?
  {
    switch item.kind {
    case .toy:
      return try (catalog ?? inputs.catalog).toy(id: item.id).map { .toy(inputs.toyModel($0)) }
    case .story:
      return try (catalog ?? inputs.catalog).story(id: item.id).map {
        .story(inputs.storyModel($0))
      }
    case .product:
      return try (catalog ?? inputs.catalog).product(id: item.id).map {
        .product(try inputs.productModel($0))
      }
    case .show: return try inputs.library.show(id: item.id).map { .show(inputs.showModel($0)) }
    }
  }
}

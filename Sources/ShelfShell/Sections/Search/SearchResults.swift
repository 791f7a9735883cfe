import ShelfCatalog

/// The results of `find` at `scope`: the matching items of the section (everything from `/`).
struct SearchResults {
  let scope: Location
  let query: CatalogQuery

  func screen(inputs: ScreenInputs) throws -> SearchScreen {
    let found = try Directory(library: inputs.library).find(query, in: scope)
    let library = inputs.library
    let rows = try found.entries.compactMap { entry -> SearchRow? in
      guard let item = entry.item else { return nil }
      return SearchRow(
        kind: item.kind, id: item.id, name: entry.name, path: entry.location.path,
        parentPath: entry.location.parent.path,
        favorite: item.kind == .show ? inputs.favorites.contains(item) : nil,
        fits: inputs.fitting.age == nil ? nil : inputs.fitting.fits(try library.ages(of: item)))
    }
    return SearchScreen(
      search: SearchModel(
        path: scope.path, scope: scope.path, search: SearchQuery(query),
        total: found.total, rows: rows),
      queryText: query.description)
  }
}

import ShelfCatalog

/// One result of `find` as `--json` shows it.
struct SearchRow: Encodable, Sendable {
  let kind: ItemKind
  let id: Int
  let name: String
  let path: String
  /// The list the item is in, shown beside it.
  let parentPath: String
  /// For shows: whether it is saved (the row's action label).
  let favorite: Bool?
  /// Whether the child in question is within the item's ages (absent when no child is).
  var fits: Bool?

  private enum CodingKeys: String, CodingKey { case kind, id, name, path, fits }
}

/// What was searched for, as the results' JSON `search` says it.
struct SearchQuery: Encodable, Sendable {
  let text: String
  var minAge: Int?
  var maxAge: Int?
  var price: String?
  var sort: String?
  var limit: Int?
  var online = false

  init(text: String, online: Bool) {
    self.text = text
    self.online = online
  }

  init(_ query: CatalogQuery) {
    text = query.text
    minAge = query.minimumAge
    maxAge = query.maximumAge
    price = query.options.price?.description
    sort = query.options.sort?.rawValue
    limit = query.options.limit
  }
}

/// The JSON of search results, local or online: `path` is where they were searched (a path
/// `cd` accepts), `search` what was searched for.
struct SearchModel: Encodable, Sendable {
  let path: String
  let scope: String
  let search: SearchQuery
  /// How many matched in all; `rows` holds at most `--limit` of them.
  let total: Int
  let rows: [SearchRow]
}

/// `find TEXT`: the matches in the section it ran in.
struct SearchScreen: Screen {
  let search: SearchModel
  /// The query as typed, with its options (`bear --age 3-6`).
  let queryText: String

  func encode(to encoder: Encoder) throws { try search.encode(to: encoder) }

  var blocks: [Block] {
    guard !search.rows.isEmpty else {
      return [.text(StyledText("No matches for \(queryText) in \(search.scope).", .dim))]
    }
    let shown = Thousands.grouped(search.rows.count)
    let count =
      search.total > search.rows.count
      ? "\(shown) of \(Thousands.grouped(search.total))" : shown
    let table = Table(
      columns: [
        .init("Ref"), .init("Name", flexible: true), .init("Where", flexible: true), .init(""),
        .init(""),
      ],
      rows: search.rows.map { row in
        [
          StyledText(ItemID(row.kind, row.id).description, .dim), StyledText(row.name),
          StyledText(row.parentPath, .dim),
          row.favorite.map { DetailsLayout.showAction(saved: $0) } ?? StyledText(""),
          DetailsLayout.fitsMarker(row.fits),
        ]
      })
    return [
      .text(
        StyledText(
          "\(count) found for \(queryText) in \(search.scope)",
          .heading)),
      .table(table),
    ]
  }
}

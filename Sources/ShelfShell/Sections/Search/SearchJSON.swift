import ShelfDomain

/// The JSON of search results, local or online: `path` is where they were searched (a path
/// `cd` accepts), `search` what was searched for.
struct SearchJSON: Encodable, Sendable {
  let path: String
  let scope: String
  let search: SearchQuery
  /// How many matched in all; `rows` holds at most `--limit` of them.
  let total: Int
  let rows: ListRows<SearchRow>
  /// How many near spellings were left out (`and 8 near spellings: find bear --fuzzy`).
  var nearSpellings = 0

  private enum CodingKeys: String, CodingKey {
    case path, scope, search, total, rows, nearSpellings
  }

  init(path: String, scope: String, search: SearchQuery, total: Int, rows: ListRows<SearchRow>) {
    self.path = path
    self.scope = scope
    self.search = search
    self.total = total
    self.rows = rows
  }

  init(path: String, scope: String, search: SearchQuery, total: Int, rows: [SearchRow]) {
    self.init(path: path, scope: scope, search: search, total: total, rows: ListRows(rows))
  }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(path, forKey: .path)
    try container.encode(scope, forKey: .scope)
    try container.encode(search, forKey: .search)
    try container.encode(total, forKey: .total)
    try container.encode(rows, forKey: .rows)
    if nearSpellings > 0 { try container.encode(nearSpellings, forKey: .nearSpellings) }
  }
}

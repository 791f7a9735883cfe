import ShelfDomain

/// One result of `find`: the item as its list's JSON row has it, and where it is.
struct SearchRow: Encodable, Sendable {
  let item: ItemRow
  let path: String
  /// The list the item is in, shown beside it.
  let parentPath: String
  /// A near spelling of a word searched for (a typo match): `~` after its ref (a column of its
  /// own, never cut), JSON `"match": "typo"` (null for the others).
  var typo = false

  private enum CodingKeys: String, CodingKey { case path, match }

  func encode(to encoder: Encoder) throws {
    try item.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(path, forKey: .path)
    if typo {
      try container.encode("typo", forKey: .match)
    } else {
      try container.encodeNil(forKey: .match)
    }
  }

  /// The marker of a near spelling, and its column (after the ref, when a row has it).
  static let typoMarker = "~"
  static let typoColumn = ListColumn<SearchRow>("", keys: ["match"]) {
    $0.typo ? StyledText(typoMarker, .dim) : StyledText("")
  }

  /// The columns of results in `scope`: the section's own (ages and price for toys, rating
  /// for shows), or, where kinds are mixed, the shared ones and the kind.
  static func columns(in scope: Location) -> [ListColumn<SearchRow>] {
    let reference = ListColumn<SearchRow>("Ref", keys: ["kind", "id"]) {
      StyledText("\($0.item.kind.rawValue):\($0.item.id)", .dim)
    }
    let name = ListColumn<SearchRow>("Name", keys: ["name"], flexible: true) {
      StyledText($0.item.name)
    }
    let ages = ListColumn<SearchRow>("Ages", keys: ["minAge", "maxAge"]) {
      StyledText($0.item.ages?.description ?? "")
    }
    let price = ListColumn<SearchRow>("Price", keys: ["price"], .right) {
      StyledText($0.item.price?.formatted ?? "", .price)
    }
    let place = ListColumn<SearchRow>("Where", keys: ["path"], flexible: true) {
      StyledText($0.parentPath, .dim)
    }
    let star = ListColumn<SearchRow>("", keys: ["favorite"]) {
      DetailsLayout.star($0.item.isFavorite)
    }
    let fits = ListColumn<SearchRow>("", keys: ["fits"]) { DetailsLayout.fitsMarker($0.item.fits) }
    let action = ListColumn<SearchRow>("", keys: []) { row in
      guard case .show(let show) = row.item else { return StyledText("") }
      return DetailsLayout.showAction(saved: show.favorite)
    }
    switch scope.sectionRoot {
    case .toys: return [reference, name, ages, price, place, star, fits]
    case .stories: return [reference, name, ages, place, star, fits]
    case .store: return [reference, name, price, place, star]
    case .shows:
      let rating = ListColumn<SearchRow>("Rating", keys: ["rating"], .right) { row in
        guard case .show(let show) = row.item else { return StyledText("") }
        return StyledText(show.ratingText)
      }
      return [reference, name, rating, star, fits, action]
    default:
      let kind = ListColumn<SearchRow>("Kind", keys: ["kind"]) {
        StyledText($0.item.kind.rawValue, .dim)
      }
      return [reference, name, kind, place, star, fits, action]
    }
  }
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

  var kind: String?
  var reverse: Bool?
  var fuzzy: Bool?

  init(_ search: Search) {
    text = search.text
    minAge = search.minimumAge
    maxAge = search.maximumAge
    for filter in search.request.filters {
      if case .price(let prices) = filter { price = prices.description }
      if case .kind(let kind) = filter { self.kind = kind.rawValue }
    }
    sort = search.request.sort
    limit = search.request.limit
    reverse = search.request.reverse ? true : nil
    fuzzy = search.fuzzy ? true : nil
  }
}

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

/// `find TEXT`: the matches in the section it ran in.
struct SearchScreen: Screen {
  let search: SearchJSON
  /// The query as typed, with its options (`bear --age 3-6`).
  let queryText: String
  /// What the list request did, for the heading (`by price, reversed`).
  let arranged: String
  let columns: [ListColumn<SearchRow>]
  /// Many results streamed from their source (see `PlainListRows`); nil: one table.
  var plain: PlainListRows? = nil
  /// The command that lists the near spellings left out (`find bear --fuzzy`).
  var fuzzyCommand = ""
  /// Whether a row shown is a near spelling: the table has the `~` column and its legend.
  var marksTypos = false

  func encode(to encoder: Encoder) throws { try search.encode(to: encoder) }

  var blocks: [Block] {
    let near = search.nearSpellings
    let nearLine = Block.text(
      StyledText(
        "and \(Thousands.counted(near, "near spellings")): \(fuzzyCommand)", .dim))
    let legend = Block.text(
      StyledText("\(SearchRow.typoMarker) a near spelling of \(queryText)", .dim))
    guard !search.rows.isEmpty else {
      let none = Block.text(StyledText("No matches for \(queryText) in \(search.scope).", .dim))
      return near > 0 ? [none, nearLine] : [none]
    }
    let shown = Thousands.grouped(search.rows.count)
    let count =
      search.total > search.rows.count
      ? "\(shown) of \(Thousands.grouped(search.total))" : shown
    let heading = Block.text(
      StyledText(
        "\(count) found for \(queryText) in \(search.scope)"
          + (arranged.isEmpty ? "" : ", " + arranged),
        .heading))
    var columns = self.columns
    if marksTypos { columns.insert(SearchRow.typoColumn, at: 1) }
    let tableColumns = columns.map(\.tableColumn)
    let rows = search.rows
    let notes = (marksTypos ? [legend] : []) + (near > 0 ? [nearLine] : [])
    guard let plain, rows.count > PlainListRows.streamedFrom else {
      let table = Table(
        columns: tableColumns, rows: rows.map { row in columns.map { $0.cell(row) } })
      return [heading, .table(table)] + notes
    }
    let stream = RowStream(
      columns: tableColumns, count: rows.count, widths: plain.widths,
      rows: {
        var iterator = rows.makeIterator()
        return AnyIterator { iterator.next().map { row in columns.map { $0.cell(row) } } }
      }, plainRows: plain.source)
    return [heading, .stream(stream)] + notes
  }
}

import ShelfSearch

/// A row type with its list declared: every list screen of that row lays it out, sorts and
/// filters it by the declaration.
protocol ListedRow: Encodable, Sendable {
  static var list: ListDeclaration<Self> { get }
}

/// A list of one kind of row (a category's toys, an age range's stories, a store category's
/// products, the groups of a section): the rows the request kept, laid out by their
/// declaration; `{"path", "rows", "total"}` in JSON.
struct ItemListScreen<Row: ListedRow>: Screen {
  let title: String
  let path: String
  let rows: ListRows<Row>
  /// How many the request kept before `--limit` cut them, and how many the list has.
  let total: Int
  let all: Int
  let request: ListRequest
  /// Lines after the table (`Last visited: Dolls — cd Dolls`).
  var footer: [Block] = []

  init(title: String, path: String, rows: [Row], request: ListRequest, footer: [Block] = []) {
    let arranged = Row.list.arrange(rows, request)
    self.title = title
    self.path = path
    self.rows = ListRows(arranged.rows)
    total = arranged.total
    all = rows.count
    self.request = request
    self.footer = footer
  }

  /// Rows already arranged (by the catalog's stored orders): `total` kept before the limit,
  /// `all` in the list. With `plain`, the table is streamed (see `PlainListRows`).
  init(
    title: String, path: String, arranged: ListRows<Row>, total: Int, all: Int,
    request: ListRequest, plain: PlainListRows? = nil
  ) {
    self.title = title
    self.path = path
    rows = arranged
    self.total = total
    self.all = all
    self.request = request
    self.plain = plain
  }

  /// The table streamed from the rows' source: printed while it is made, a plain table
  /// straight from the source's fields. Nil: a table laid out from every row.
  private(set) var plain: PlainListRows?

  func encode(to encoder: Encoder) throws {
    try ListingJSON(path: path, rows: rows, shown: rows.count, total: total).encode(to: encoder)
  }

  var blocks: [Block] {
    let heading = ListHeading.text(
      title, shown: rows.count, total: total, all: request.filters.isEmpty ? nil : all,
      unit: Row.list.unit, request: request)
    guard let plain, rows.count > PlainListRows.streamedFrom else {
      return [.text(StyledText(heading, .heading)), .table(Row.list.table(Array(rows)))] + footer
    }
    let columns = Row.list.columns
    let rows = self.rows
    let stream = RowStream(
      columns: columns.map(\.tableColumn),
      count: rows.count, widths: plain.widths,
      rows: {
        var iterator = rows.makeIterator()
        return AnyIterator { iterator.next().map { row in columns.map { $0.cell(row) } } }
      }, plainRows: plain.source)
    return [.text(StyledText(heading, .heading)), .stream(stream)] + footer
  }
}

/// The rows of a list screen: an array, or made one at a time when read (100,000 toys are
/// never all made at once). (A screen is read from one thread at a time: the session's.)
struct ListRows<Row: Encodable & Sendable>: RandomAccessCollection, Encodable,
  @unchecked Sendable
{
  let endIndex: Int
  private let make: (Int) -> Row

  init(_ rows: [Row]) {
    endIndex = rows.count
    make = { rows[$0] }
  }

  init(count: Int, row: @escaping (Int) -> Row) {
    endIndex = count
    make = row
  }

  var startIndex: Int { 0 }
  subscript(position: Int) -> Row { make(position) }

  func encode(to encoder: Encoder) throws {
    var container = encoder.unkeyedContainer()
    for row in self { try container.encode(row) }
  }
}

/// A long list's plain table written straight from its source (the catalog's columns): the
/// widest cell of every column, known before the first row, and the rows' plain cells in the
/// order of the list's columns, each exactly as the column's cell prints without colours.
struct PlainListRows: Sendable {
  /// Lists longer than this are streamed; shorter ones are laid out whole, as always.
  static let streamedFrom = 500

  let widths: [Int?]
  let source: @Sendable () -> PlainRowSource
}

extension ToyRow: ListedRow {
  static let list = ListDeclaration<ToyRow>(
    unit: "toys",
    columns: [
      ListColumn("Id", keys: ["id"], .right) { StyledText(String($0.id), .dim) },
      ListColumn("Name", keys: ["name"], flexible: true) { StyledText($0.name) },
      ListColumn("Ages", keys: ["minAge", "maxAge"]) { StyledText($0.ages) },
      ListColumn("Price", keys: ["price"], .right) { StyledText($0.price.formatted, .price) },
      ListColumn("", keys: ["favorite"]) { DetailsLayout.star($0.favorite) },
      ListColumn("", keys: ["fits"]) { DetailsLayout.fitsMarker($0.fits) },
    ],
    orders: [
      .by("name") { SearchKey.fold($0.name) }, .by("price") { $0.price },
      .by("age") { $0.ageRange }, .by("id") { $0.id },
    ],
    filters: [
      .age: ListFilters.ages(\.ageRange), .fits: ListFilters.ages(\.ageRange),
      .price: ListFilters.price(\.price),
    ],
    name: \.name)
}

extension StoryRow: ListedRow {
  static let list = ListDeclaration<StoryRow>(
    unit: "stories",
    columns: [
      ListColumn("Id", keys: ["id"], .right) { StyledText(String($0.id), .dim) },
      ListColumn("Title", keys: ["title"], flexible: true) { StyledText($0.title) },
      ListColumn("Ages", keys: ["minAge", "maxAge"]) { StyledText($0.ages) },
      ListColumn("Author", keys: ["author"]) { StyledText($0.author) },
      ListColumn("Reading", keys: ["readingMinutes"], .right) {
        StyledText("\($0.readingMinutes) min")
      },
      ListColumn("", keys: ["favorite"]) { DetailsLayout.star($0.favorite) },
      ListColumn("", keys: ["read"]) { $0.read ? StyledText("✓", .accent) : StyledText("") },
      ListColumn("", keys: ["fits"]) { DetailsLayout.fitsMarker($0.fits) },
    ],
    orders: [
      .by("name") { SearchKey.fold($0.title) }, .by("age") { $0.ageRange },
      .by("reading") { $0.readingMinutes }, .by("id") { $0.id },
    ],
    filters: [.age: ListFilters.ages(\.ageRange), .fits: ListFilters.ages(\.ageRange)],
    name: \.title)
}

extension ProductRow: ListedRow {
  static let list = ListDeclaration<ProductRow>(
    unit: "products",
    columns: [
      ListColumn("Id", keys: ["id"], .right) { StyledText(String($0.id), .dim) },
      ListColumn("Name", keys: ["name"], flexible: true) { StyledText($0.name) },
      ListColumn("Price", keys: ["price"], .right) { StyledText($0.price.formatted, .price) },
      ListColumn("", keys: ["favorite"]) { DetailsLayout.star($0.favorite) },
    ],
    orders: [
      .by("name") { SearchKey.fold($0.name) }, .by("price") { $0.price }, .by("id") { $0.id },
    ],
    filters: [.price: ListFilters.price(\.price)],
    name: \.name)
}

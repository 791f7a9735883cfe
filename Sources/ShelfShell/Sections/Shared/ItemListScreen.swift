import ShelfSearch

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

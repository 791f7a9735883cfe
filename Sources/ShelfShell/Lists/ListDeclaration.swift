import ShelfDomain
import ShelfSearch

/// What a list is, declared once: its columns, the orders it can be sorted in, the filters it
/// takes and the name that breaks ties. `ls`, `find`, `help`, Tab and every format read it;
/// `arrange` carries out a request.
struct ListDeclaration<Row>: Sendable {
  /// What a count of rows is called (`toys`).
  let unit: String
  let columns: [ListColumn<Row>]
  /// The orders `--sort` takes; the list's own order is the one it has without `--sort`.
  let orders: [ListOrder<Row>]
  /// The filters the list takes, each with what it keeps.
  let filters: [ListFilterKind: @Sendable (Row, ListFilter) -> Bool]
  let name: @Sendable (Row) -> String

  init(
    unit: String, columns: [ListColumn<Row>], orders: [ListOrder<Row>],
    filters: [ListFilterKind: @Sendable (Row, ListFilter) -> Bool] = [:],
    name: @escaping @Sendable (Row) -> String
  ) {
    self.unit = unit
    self.columns = columns
    self.orders = orders
    self.filters = filters
    self.name = name
  }

  /// The JSON keys its columns show, in their order: the columns of CSV, TSV and Markdown.
  var keys: [String] { Table(columns: columns.map(\.tableColumn), rows: []).keys }

  var capabilities: ListCapabilities {
    ListCapabilities(
      orders: orders.map(\.name),
      filters: ListFilterKind.allCases.filter { filters[$0] != nil }, keys: keys)
  }

  /// The rows the request keeps, in its order, cut to its limit; and how many it kept before
  /// the cut.
  func arrange(_ rows: [Row], _ request: ListRequest) -> (rows: [Row], total: Int) {
    var kept = rows
    for filter in request.filters {
      guard let keeps = filters[filter.kind] else { continue }
      kept = kept.filter { keeps($0, filter) }
    }
    if let sort = request.sort, let order = orders.first(where: { $0.name == sort }) {
      let keys = kept.map { SearchKey.fold(name($0)) }
      kept = kept.indices.sorted { left, right in
        if let decided = order.compare(kept[left], kept[right]) { return decided }
        if keys[left] != keys[right] { return keys[left] < keys[right] }
        return left < right
      }.map { kept[$0] }
    }
    if request.reverse { kept.reverse() }
    let total = kept.count
    if let limit = request.limit, kept.count > limit { kept = Array(kept.prefix(limit)) }
    return (kept, total)
  }

  /// The table of `rows`.
  func table(_ rows: [Row]) -> Table {
    Table(
      columns: columns.map(\.tableColumn),
      rows: rows.map { row in columns.map { $0.cell(row) } })
  }
}

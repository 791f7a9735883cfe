import ShelfDomain
import ShelfSearch

/// An order a list can be put in: its name (`--sort price`) and how two rows compare (nil:
/// equal, the tie is broken by name).
struct ListOrder<Row>: Sendable {
  let name: String
  let compare: @Sendable (Row, Row) -> Bool?

  /// Rows by a value, smallest first; rows without one last.
  static func by<Value: Comparable & SendableMetatype>(
    _ name: String, _ value: @escaping @Sendable (Row) -> Value?
  ) -> ListOrder {
    ListOrder(name: name) { left, right in
      switch (value(left), value(right)) {
      case let (left?, right?): left == right ? nil : left < right
      case (.some, nil): true
      case (nil, .some): false
      case (nil, nil): nil
      }
    }
  }

  /// Highest first (ratings), rows without a value last.
  static func descending<Value: Comparable & SendableMetatype>(
    _ name: String, _ value: @escaping @Sendable (Row) -> Value?
  )
    -> ListOrder
  {
    ListOrder(name: name) { left, right in
      switch (value(left), value(right)) {
      case let (left?, right?): left == right ? nil : left > right
      case (.some, nil): true
      case (nil, .some): false
      case (nil, nil): nil
      }
    }
  }
}

/// A column of a list's table: its header, the keys of the JSON row it shows (the columns of
/// CSV, TSV and Markdown, in the table's order), alignment, whether it gives way on a narrow
/// terminal (names do; ids never), and the cell of a row.
struct ListColumn<Row>: Sendable {
  let title: String
  let keys: [String]
  let alignment: Table.Alignment
  let flexible: Bool
  let cell: @Sendable (Row) -> StyledText

  init(
    _ title: String, keys: [String], _ alignment: Table.Alignment = .left, flexible: Bool = false,
    cell: @escaping @Sendable (Row) -> StyledText
  ) {
    self.title = title
    self.keys = keys
    self.alignment = alignment
    self.flexible = flexible
    self.cell = cell
  }

  /// The column as a table lays it out.
  var tableColumn: Table.Column {
    Table.Column(title, alignment, flexible: flexible, keys: keys)
  }
}

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

/// What a list takes, without its rows' type: for checking a request, Tab and `help`.
public struct ListCapabilities: Sendable, Equatable {
  public let orders: [String]
  public let filters: [ListFilterKind]
  /// The JSON keys of its table's columns (what Tab offers for `--columns`).
  public let keys: [String]

  public init(orders: [String], filters: [ListFilterKind], keys: [String] = []) {
    self.orders = orders
    self.filters = filters
    self.keys = keys
  }

  /// Why `request` does not apply to the list at `path`, or nil.
  func problem(with request: ListRequest, command: String, path: String) -> ShellError? {
    if let sort = request.sort, !orders.contains(sort) {
      let valid = orders.isEmpty ? "nothing here" : WordList.or(orders) + " in \(path)"
      return .badValue(command: command, name: "--sort", accepts: valid, value: sort)
    }
    for filter in request.filters where !filters.contains(filter.kind) {
      return refusal(of: filter.kind.option, command: command, path: path)
    }
    return nil
  }

  /// The error for a filter option the list at `path` does not take, as typed (`--min-age`).
  func refusal(of option: String, command: String, path: String) -> ShellError {
    let valid =
      filters.isEmpty
      ? "\(path) takes no filter" : "\(path) takes " + WordList.or(filters.map(\.option))
    return .usage(command: command, message: "\(option) does not apply here: \(valid)")
  }
}

/// The heading of a list: `Dolls (3 of 16 toys, priced 5.00-20.00, by price)`.
enum ListHeading {
  static func text(
    _ title: String, shown: Int, total: Int, all: Int? = nil, unit: String, request: ListRequest
  ) -> String {
    var count = Thousands.grouped(shown)
    let of = all ?? total
    if shown < of { count += " of \(Thousands.grouped(of))" }
    let arranged = phrase(request)
    let counted = "\(count) \(noun(unit, count: of))"
    return "\(title) (\(counted)\(arranged.isEmpty ? "" : ", " + arranged))"
  }

  /// `priced 5.00-20.00, by price, reversed`: what a request did, for a heading (the limit
  /// shows in the count: `3 of 16 toys`).
  static func phrase(_ request: ListRequest) -> String {
    var parts = request.filters.map(\.phrase)
    if let sort = request.sort { parts.append("by \(sort)") }
    if request.reverse { parts.append("reversed") }
    return parts.joined(separator: ", ")
  }

  /// `toys` as the count needs it: `1 toy`, `2 toys`, `1 story`, `1 wish`.
  static func noun(_ plural: String, count: Int) -> String {
    Thousands.noun(plural, count: count)
  }
}

/// The filters as most lists read them, from a row's fields.
enum ListFilters {
  static func ages<Row>(_ ages: @escaping @Sendable (Row) -> AgeRange?)
    -> @Sendable (Row, ListFilter) -> Bool
  {
    { row, filter in
      switch filter {
      case .age(let wanted): return ages(row).map { $0.overlaps(wanted) } ?? false
      case .fits(_, let age):
        return ages(row).map { $0.minimum <= age && age <= $0.maximum } ?? false
      default: return true
      }
    }
  }

  static func price<Row>(_ price: @escaping @Sendable (Row) -> Money?)
    -> @Sendable (Row, ListFilter) -> Bool
  {
    { row, filter in
      guard case .price(let window) = filter else { return true }
      return price(row).map(window.contains) ?? false
    }
  }

  static func kind<Row>(_ kind: @escaping @Sendable (Row) -> ItemKind)
    -> @Sendable (Row, ListFilter) -> Bool
  {
    { row, filter in
      guard case .kind(let wanted) = filter else { return true }
      return kind(row) == wanted
    }
  }
}

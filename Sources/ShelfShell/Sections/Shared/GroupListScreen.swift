import ShelfDomain
import ShelfSearch

/// A section's groups: toy categories, story age ranges, store categories. The group visited
/// last is marked, and a line at the end says how to go back to it; with a child in question,
/// the story ranges their age is in come first, marked (`fits Mia (4)`).
struct GroupListScreen: Screen {
  struct Row: ListedRow {
    let name: String
    let path: String
    let count: Int
    let lastVisited: Bool
    /// What the count counts: "toys", "stories", "products".
    let unit: String
    /// For story ages with a child in question: whether the child's age is in the range.
    let fits: Bool?
    /// The words that mark a range that fits (`fits Mia (4)`).
    let fitsLabel: String?

    private enum CodingKeys: String, CodingKey { case name, path, count, lastVisited, fits }

    static let list = ListDeclaration<Row>(
      unit: "groups",
      columns: [
        ListColumn("Name", keys: ["name"], flexible: true) { StyledText($0.name + "/", .accent) },
        ListColumn("Count", keys: ["count"], .right) {
          StyledText("\(Thousands.grouped($0.count)) \($0.unit)")
        },
        ListColumn("", keys: ["lastVisited"]) {
          $0.lastVisited ? StyledText("← last visited", .dim) : StyledText("")
        },
        ListColumn("", keys: ["fits"]) { row in
          row.fits == true ? StyledText(row.fitsLabel ?? "fits", .accent) : StyledText("")
        },
      ],
      orders: [.by("name") { SearchKey.fold($0.name) }, .descending("count") { $0.count }],
      name: \.name)
  }

  let path: String
  let rows: [Row]
  let title: String
  let request: ListRequest
  /// How many the request kept before `--limit` cut them (`total` in JSON, as every list).
  let total: Int

  func encode(to encoder: Encoder) throws {
    try ListingJSON(path: path, rows: rows, shown: rows.count, total: total).encode(to: encoder)
  }

  init(
    title: String, path: String, unit: String, last: String?, groups: [(String, Int)],
    request: ListRequest, fitting: (names: Set<String>, label: String)? = nil
  ) {
    self.title = title
    self.path = path
    self.request = request
    let all = groups.map {
      Row(
        name: $0.0, path: path + "/" + $0.0, count: $0.1, lastVisited: $0.0 == last, unit: unit,
        fits: fitting.map { [name = $0.0] in $0.names.contains(name) }, fitsLabel: fitting?.label)
    }
    // What fits comes first in the list's own order.
    let ordered = all.filter { $0.fits == true } + all.filter { $0.fits != true }
    let arranged = Row.list.arrange(ordered, request)
    rows = arranged.rows
    total = arranged.total
  }

  var blocks: [Block] {
    let heading = request.isEmpty ? title : "\(title) (\(ListHeading.phrase(request)))"
    var blocks: [Block] = [.text(StyledText(heading, .heading)), .table(Row.list.table(rows))]
    if let last = rows.first(where: \.lastVisited) {
      blocks.append(
        .text(StyledText("Last visited: \(last.name) — cd \(Tokenizer.escape(last.name))", .dim)))
    }
    return blocks
  }
}

/// `{"path": …, "rows": […], "total": N}`: the JSON of every listing; `total`, how many rows
/// the request kept, only when `--limit` showed fewer (a count of rows in every list, never an
/// amount of money).
struct ListingJSON<Rows: Encodable>: Encodable {
  let path: String
  let rows: Rows
  let shown: Int
  let total: Int

  private enum CodingKeys: String, CodingKey { case path, rows, total }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(path, forKey: .path)
    try container.encode(rows, forKey: .rows)
    if total != shown { try container.encode(total, forKey: .total) }
  }
}

import ShelfCatalog

/// A section's groups: toy categories, story age ranges, store categories. The group visited
/// last is marked, and a line at the end says how to go back to it.
struct GroupListScreen: Screen {
  struct Row: Encodable, Sendable {
    let name: String
    let path: String
    let count: Int
    let lastVisited: Bool
    /// For story ages with a child in question: whether the child's age is in the range.
    let fits: Bool?
  }

  let path: String
  let rows: [Row]
  let title: String
  /// What the counts count: "toys", "stories", "products".
  let unit: String

  private enum CodingKeys: String, CodingKey { case path, rows }

  /// What `fitting` names (the groups a child's age is in) is listed first and marked with
  /// its label (`fits Mia (4)`).
  let fitsLabel: String?

  init(
    title: String, path: String, unit: String, last: String?, groups: [(String, Int)],
    fitting: (names: Set<String>, label: String)? = nil
  ) {
    self.title = title
    self.path = path
    self.unit = unit
    fitsLabel = fitting?.label
    let all = groups.map {
      Row(
        name: $0.0, path: path + "/" + $0.0, count: $0.1, lastVisited: $0.0 == last,
        fits: fitting.map { [name = $0.0] in $0.names.contains(name) })
    }
    rows = all.filter { $0.fits == true } + all.filter { $0.fits != true }
  }

  var blocks: [Block] {
    var blocks: [Block] = [.text(StyledText(title, .heading))]
    let table = Table(
      columns: [.init("Name", flexible: true), .init("Count", .right), .init(""), .init("")],
      rows: rows.map { row in
        [
          StyledText(row.name + "/", .accent),
          StyledText("\(Thousands.grouped(row.count)) \(unit)"),
          row.lastVisited ? StyledText("← last visited", .dim) : StyledText(""),
          row.fits == true ? StyledText(fitsLabel ?? "fits", .accent) : StyledText(""),
        ]
      })
    blocks.append(.table(table))
    if let last = rows.first(where: \.lastVisited) {
      blocks.append(
        .text(StyledText("Last visited: \(last.name) — cd \(Tokenizer.escape(last.name))", .dim)))
    }
    return blocks
  }
}

/// `{"path": …, "rows": […]}`: the JSON of every plain listing.
struct ListingModel<Row: Encodable & Sendable>: Encodable, Sendable {
  let path: String
  let rows: [Row]
}

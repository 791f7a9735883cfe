import ShelfCatalog

/// A section's groups: toy categories, story age ranges, store categories. The group visited
/// last is marked, and a line at the end says how to go back to it.
struct GroupListScreen: Screen {
  struct Row: Encodable, Sendable {
    let name: String
    let path: String
    let count: Int
    let lastVisited: Bool
  }

  let path: String
  let rows: [Row]
  let title: String
  /// What the counts count: "toys", "stories", "products".
  let unit: String

  private enum CodingKeys: String, CodingKey { case path, rows }

  init(title: String, path: String, unit: String, last: String?, groups: [(String, Int)]) {
    self.title = title
    self.path = path
    self.unit = unit
    rows = groups.map {
      Row(name: $0.0, path: path + "/" + $0.0, count: $0.1, lastVisited: $0.0 == last)
    }
  }

  var blocks: [Block] {
    var blocks: [Block] = [.text(StyledText(title, .heading))]
    let table = Table(
      columns: [.init("Name", flexible: true), .init("Count", .right), .init("")],
      rows: rows.map { row in
        [
          StyledText(row.name + "/", .accent),
          StyledText("\(Thousands.grouped(row.count)) \(unit)"),
          row.lastVisited ? StyledText("← last visited", .dim) : StyledText(""),
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

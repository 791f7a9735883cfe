import ShelfDomain

/// `/`: the sections with their counts.
struct HomeScreen: Screen {
  struct Row: Encodable, Sendable {
    let name: String
    let path: String
    let count: Int
    /// What the section holds, in words ("Toys by category").
    let title: String
    /// What the count counts ("toys", "saved", "items"), in the plural (`1 item` is made of it).
    let unit: String

    private enum CodingKeys: String, CodingKey { case name, path, count }
  }

  let path = "/"
  let rows: [Row]

  var blocks: [Block] {
    let table = Table(
      columns: [.init("Section"), .init("Count", .right), .init("", flexible: true)],
      rows: rows.map {
        [
          StyledText($0.name + "/", .accent),
          StyledText(Thousands.counted($0.count, $0.unit)),
          StyledText($0.title, .dim),
        ]
      })
    return [.table(table)]
  }
}

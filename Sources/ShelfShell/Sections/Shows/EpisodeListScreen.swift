import Foundation
import ShelfDomain
import ShelfSearch

/// `episodes`: every episode of a show, season by season.
struct EpisodeListScreen: Screen {
  let path: String
  let showId: Int
  let rows: [EpisodeRow]
  let showName: String

  private enum CodingKeys: String, CodingKey { case path, showId, rows }

  var blocks: [Block] {
    var blocks: [Block] = [
      .text(StyledText("\(showName): \(Thousands.counted(rows.count, "episodes"))", .heading))
    ]
    var seen: [Int] = []
    for row in rows where !seen.contains(row.season) { seen.append(row.season) }
    for season in seen {
      let episodes = rows.filter { $0.season == season }
      blocks.append(.blank)
      blocks.append(.text(StyledText("Season \(season) (\(episodes.count))", .bold)))
      blocks.append(.table(EpisodeRow.list.table(episodes)))
    }
    return blocks
  }
}

/// An episode as a row of a season's list and of `episodes`.
extension EpisodeRow: ListedRow {
  static let list = ListDeclaration<EpisodeRow>(
    unit: "episodes",
    columns: [
      ListColumn("Code", keys: ["code"]) { StyledText($0.code, .dim) },
      ListColumn("Name", keys: ["name"], flexible: true) { StyledText($0.name) },
      ListColumn("Airdate", keys: ["airdate"]) {
        StyledText($0.airdate.flatMap { $0.isEmpty ? nil : $0 } ?? "–")
      },
      ListColumn("Runtime", keys: ["runtime"], .right) {
        StyledText($0.runtime.map { "\($0) min" } ?? "–")
      },
      ListColumn("", keys: ["watched"]) { $0.watchedMark },
    ],
    orders: [
      ListOrder(name: "code") { left, right in
        let a = (left.season, left.number ?? Int.max)
        let b = (right.season, right.number ?? Int.max)
        return a == b ? nil : a < b
      },
      .by("name") { SearchKey.fold($0.name) }, .by("airdate") { $0.airdate },
      .by("runtime") { $0.runtime },
    ],
    name: \.name)
}

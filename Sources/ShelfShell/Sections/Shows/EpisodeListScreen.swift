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

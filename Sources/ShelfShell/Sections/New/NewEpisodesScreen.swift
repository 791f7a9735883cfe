import Foundation
import ShelfDomain
import ShelfStore

/// `new`: the episodes of favourite shows that aired since the last look and are not watched,
/// oldest first; at the prompt, `Nothing new since Tue 24 Nov` when there are none.
struct NewEpisodesScreen: Screen {
  let since: Date
  let rows: [ShowEpisodeRow]

  private enum CodingKeys: String, CodingKey { case since, rows }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(WatchTime.format(since), forKey: .since)
    try container.encode(rows, forKey: .rows)
  }

  var blocks: [Block] {
    guard !rows.isEmpty else {
      return [.text(StyledText("Nothing new since \(AirTime.weekdayAndDate(since))", .dim))]
    }
    let count = rows.count
    let title =
      "\(Thousands.counted(count, "new episodes")) since \(AirTime.weekdayAndTime(since))"
    return [
      .text(StyledText(title, .heading)),
      .table(
        Table(
          columns: [
            .init("Show", flexible: true), .init("Code"), .init("Episode", flexible: true),
            .init("Aired"),
          ],
          rows: rows.map { row in
            [
              StyledText(row.show), StyledText(row.episode.code, .accent),
              StyledText(row.episode.name, row.episode.hidden ? .dim : .plain),
              StyledText(row.episode.airs ?? "–", .dim),
            ]
          })),
    ]
  }
}

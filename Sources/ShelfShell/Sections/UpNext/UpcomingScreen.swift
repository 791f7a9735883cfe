import Foundation
import ShelfDomain
import ShelfSearch

/// `upcoming`: episodes of favourite shows airing in the next days, grouped by local day.
struct UpcomingScreen: Screen {
  let days: Int
  let rows: [ShowEpisodeRow]

  private enum CodingKeys: String, CodingKey { case days, rows }

  var blocks: [Block] {
    let title = "Airing in the next \(Thousands.counted(days, "days"))"
    var blocks: [Block] = [.text(StyledText(title, .heading))]
    guard !rows.isEmpty else {
      blocks.append(.text(StyledText("No episode of a favorite show airs in that time.", .dim)))
      return blocks
    }
    var current: String?
    var table: [[StyledText]] = []
    func flush() {
      guard let current, !table.isEmpty else { return }
      blocks.append(.blank)
      blocks.append(.text(StyledText(current, .bold)))
      blocks.append(
        .table(
          Table(
            columns: [
              .init("Time"), .init("Show", flexible: true), .init("Code"),
              .init("Episode", flexible: true),
            ], rows: table)))
      table = []
    }
    for row in rows {
      guard let stamp = row.episode.airstamp, let date = AirTime.parse(stamp) else { continue }
      let day = AirTime.day(date)
      if day != current {
        flush()
        current = day
      }
      table.append([
        StyledText(AirTime.time(date)), StyledText(row.show),
        StyledText(row.episode.code, .accent), StyledText(row.episode.name),
      ])
    }
    flush()
    return blocks
  }
}

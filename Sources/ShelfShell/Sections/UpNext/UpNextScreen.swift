import Foundation
import ShelfCatalog

/// One row of `/upnext` and `upcoming`: an episode with its show.
struct ShowEpisodeRow: Encodable, Sendable {
  let show: String
  let episode: EpisodeModel
  /// Aired episodes not watched yet (`/upnext` only).
  let left: Int?

  private enum CodingKeys: String, CodingKey { case show, left }

  func encode(to encoder: Encoder) throws {
    try episode.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(show, forKey: .show)
    try container.encodeIfPresent(left, forKey: .left)
  }
}

/// `/upnext`: for each favourite show, the first aired episode not watched yet, and how many
/// are left, oldest first.
struct UpNextScreen: Screen {
  let path = "/upnext"
  let rows: [ShowEpisodeRow]

  var blocks: [Block] {
    var blocks: [Block] = [.text(StyledText("Up next", .heading))]
    guard !rows.isEmpty else {
      blocks.append(
        .text(
          StyledText(
            "Nothing to watch: no favorite show has an aired episode you have not watched.",
            .dim)))
      return blocks
    }
    blocks.append(
      .table(
        Table(
          columns: [
            .init("Ref"), .init("Show", flexible: true), .init("Code"),
            .init("Episode", flexible: true), .init("Aired"), .init("Left", .right),
          ],
          rows: rows.map { row in
            [
              StyledText("show:\(row.episode.showId)", .dim), StyledText(row.show),
              StyledText(row.episode.code, .accent), StyledText(row.episode.name),
              StyledText(row.episode.airdate ?? "–", .dim),
              StyledText(Thousands.grouped(row.left ?? 0)),
            ]
          })))
    blocks.append(
      .text(StyledText("\"open\" a row shows its episode; \"watched\" moves the row on.", .dim)))
    return blocks
  }
}

/// `upcoming`: episodes of favourite shows airing in the next days, grouped by local day.
struct UpcomingScreen: Screen {
  let days: Int
  let rows: [ShowEpisodeRow]

  private enum CodingKeys: String, CodingKey { case days, rows }

  var blocks: [Block] {
    let title = "Airing in the next \(days) day\(days == 1 ? "" : "s")"
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

import Foundation
import ShelfDomain
import ShelfSearch

/// One row of `/upnext` and `upcoming`: an episode with its show.
struct ShowEpisodeRow: Encodable, Sendable {
  let show: String
  let episode: EpisodeRow
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

extension ShowEpisodeRow: ListedRow {
  static let list = ListDeclaration<ShowEpisodeRow>(
    unit: "shows",
    columns: [
      ListColumn("Ref", keys: ["showId"]) { StyledText("show:\($0.episode.showId)", .dim) },
      ListColumn("Show", keys: ["show"], flexible: true) { StyledText($0.show) },
      ListColumn("Code", keys: ["code"]) { StyledText($0.episode.code, .accent) },
      ListColumn("Episode", keys: ["name"], flexible: true) { StyledText($0.episode.name) },
      ListColumn("Aired", keys: ["airdate"]) { StyledText($0.episode.airdate ?? "–", .dim) },
      ListColumn("Left", keys: ["left"], .right) { StyledText(Thousands.grouped($0.left ?? 0)) },
    ],
    orders: [
      .by("name") { SearchKey.fold($0.show) },
      .by("airdate") { $0.episode.airstamp ?? $0.episode.airdate }, .by("left") { $0.left },
    ],
    name: \.show)
}

/// `/upnext`: for each favorite show, the first aired episode not watched yet, and how many
/// are left, oldest first.
struct UpNextScreen: Screen {
  let path = "/upnext"
  let rows: [ShowEpisodeRow]
  private let total: Int
  private let all: Int
  private let request: ListRequest
  /// Whose up next it is when not yours (`ls /upnext --for Mia`).
  let person: String?

  private enum CodingKeys: String, CodingKey { case path, rows, person }

  init(rows: [ShowEpisodeRow], request: ListRequest = ListRequest(), person: String? = nil) {
    self.person = person
    let arranged = ShowEpisodeRow.list.arrange(rows, request)
    self.rows = arranged.rows
    total = arranged.total
    all = rows.count
    self.request = request
  }

  var blocks: [Block] {
    let title = person.map { "Up next for \($0)" } ?? "Up next"
    let heading =
      request.isEmpty
      ? title
      : ListHeading.text(
        title, shown: rows.count, total: total, all: all, unit: "shows", request: request)
    var blocks: [Block] = [.text(StyledText(heading, .heading))]
    guard !rows.isEmpty else {
      blocks.append(
        .text(
          StyledText(
            person.map {
              "Nothing to watch: no favorite show of \($0)'s has an aired episode \($0) has not"
                + " watched."
            } ?? "Nothing to watch: no favorite show has an aired episode you have not watched.",
            .dim)))
      return blocks
    }
    blocks.append(.table(ShowEpisodeRow.list.table(rows)))
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

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

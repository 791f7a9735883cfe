import Foundation
import ShelfDomain
import ShelfSearch

/// An episode: its row in lists and, as it is, the JSON of its details.
struct EpisodeRow: Encodable, Sendable {
  let kind = "episode"
  let showId: Int
  let id: Int
  let season: Int
  let number: Int?
  let code: String
  let name: String
  let airdate: String?
  let airstamp: String?
  let runtime: Int?
  let rating: Double?
  let summary: String?
  let watched: Bool
  /// Spoiler-safe mode hides its name, summary and rating (it comes after the next one to
  /// watch): `name` reads "name hidden", JSON has `"name": null` and `"hidden": true`.
  let hidden: Bool
  /// The viewer's rating (`rate`), 1–10.
  let myRating: Int?
  /// The show's name, for the details screen.
  let showName: String
  /// The summary's HTML, for the details screen.
  let summaryHTML: String?

  private enum CodingKeys: String, CodingKey {
    case kind, showId, id, season, number, code, name, airdate, airstamp, runtime, rating,
      summary, watched, hidden, myRating
  }

  init(
    _ episode: Episode, show: Show, watched: Bool, details: Bool = false, hidden: Bool = false,
    myRating: Int? = nil
  ) {
    showId = show.id
    id = episode.id
    season = episode.season
    number = episode.number
    code = episode.code
    name = hidden ? SpoilerShield.placeholder : episode.name ?? ""
    airdate = episode.airdate
    airstamp = episode.airstamp
    runtime = episode.runtime
    rating = hidden ? nil : episode.rating?.average
    summary = details && !hidden ? episode.summary.map(HTMLText.plainText) : nil
    self.watched = watched
    self.hidden = hidden
    self.myRating = myRating
    showName = show.name
    summaryHTML = details && !hidden ? episode.summary : nil
  }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    try container.encode(showId, forKey: .showId)
    try container.encode(id, forKey: .id)
    try container.encode(season, forKey: .season)
    try container.encodeIfPresent(number, forKey: .number)
    try container.encode(code, forKey: .code)
    if hidden {
      try container.encodeNil(forKey: .name)
      try container.encode(true, forKey: .hidden)
    } else {
      try container.encode(name, forKey: .name)
    }
    try container.encodeIfPresent(airdate, forKey: .airdate)
    try container.encodeIfPresent(airstamp, forKey: .airstamp)
    try container.encodeIfPresent(runtime, forKey: .runtime)
    try container.encodeIfPresent(rating, forKey: .rating)
    try container.encodeIfPresent(summary, forKey: .summary)
    try container.encode(watched, forKey: .watched)
    try container.encodeIfPresent(myRating, forKey: .myRating)
  }

  /// `S02E05 · name hidden` when hidden, else `S02E05 Name`: an episode named in one line.
  var codeAndName: String {
    if hidden { return "\(code) · \(SpoilerShield.placeholder)" }
    return name.isEmpty ? code : "\(code) \(name)"
  }

  /// When it airs, in the local time zone: `Mon 24 Jun 23:00`, else its date.
  var airs: String? {
    if let airstamp, let date = AirTime.parse(airstamp) { return AirTime.weekdayAndTime(date) }
    return airdate.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `✓ watched`, with the viewer's rating after it (`✓ watched · 8/10`).
  var watchedMark: StyledText {
    let rated = myRating.map { "\($0)/10" }
    guard watched else { return StyledText(rated ?? "", .dim) }
    return StyledText("✓ watched", .price) + StyledText(rated.map { " · \($0)" } ?? "", .dim)
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

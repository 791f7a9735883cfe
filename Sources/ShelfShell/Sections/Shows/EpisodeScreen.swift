import Foundation
import ShelfDomain

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

/// An episode's page (`open S02E05`): its facts and summary; its row in JSON.
struct EpisodeScreen: Screen {
  let episode: EpisodeRow
  /// Whether it has aired: its time reads `Aired …`, else `Airs …`.
  let aired: Bool

  func encode(to encoder: Encoder) throws { try episode.encode(to: encoder) }

  var blocks: [Block] {
    var blocks: [Block] = [
      .text(
        StyledText(
          episode.hidden
            ? episode.codeAndName : episode.name.isEmpty ? episode.code : episode.name, .heading)),
      DetailsLayout.fact("Show", episode.showName), DetailsLayout.fact("Episode", episode.code),
    ]
    let airs = aired ? "Aired" : "Airs"
    if let airstamp = episode.airstamp, let date = AirTime.parse(airstamp) {
      blocks.append(DetailsLayout.fact(airs, AirTime.dateAndTime(date) + " (local time)"))
    } else if let airdate = episode.airdate, !airdate.isEmpty {
      blocks.append(DetailsLayout.fact(airs, airdate))
    }
    if let runtime = episode.runtime {
      blocks.append(DetailsLayout.fact("Runtime", "\(runtime) min"))
    }
    if let rating = episode.rating {
      blocks.append(DetailsLayout.fact("Rating", String(format: "%.1f / 10", rating)))
    }
    if episode.hidden {
      blocks.append(
        DetailsLayout.fact(
          "Spoilers", "hidden until you watch it (\"spoilers show\" shows them)"))
    }
    if let myRating = episode.myRating {
      blocks.append(DetailsLayout.fact("My rating", "\(myRating) / 10"))
    }
    blocks.append(
      DetailsLayout.fact(
        "Watched",
        episode.watched ? "yes (\"unwatched\" takes it back)" : "no (\"watched\" marks it)"))
    if let summaryHTML = episode.summaryHTML {
      blocks.append(.blank)
      blocks += HTMLText.paragraphs(summaryHTML).map { .paragraph($0.text) }
    }
    blocks.append(DetailsLayout.tvmazeCredit)
    return blocks
  }
}

/// One row of a show's seasons table.
struct SeasonRow: Encodable, Sendable {
  let season: Int
  let path: String
  let episodes: Int
  let firstAirdate: String?
  let lastAirdate: String?
  let watched: Int
}

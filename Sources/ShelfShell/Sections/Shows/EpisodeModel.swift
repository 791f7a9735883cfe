import Foundation
import ShelfCatalog

/// An episode as `--json` shows it, and its details screen.
struct EpisodeModel: Screen {
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
  /// The show's name, for the details screen.
  let showName: String
  /// The summary's HTML, for the details screen.
  let summaryHTML: String?

  private enum CodingKeys: String, CodingKey {
    case kind, showId, id, season, number, code, name, airdate, airstamp, runtime, rating,
      summary, watched
  }

  init(_ episode: Episode, show: Show, watched: Bool, details: Bool = false) {
    showId = show.id
    id = episode.id
    season = episode.season
    number = episode.number
    code = episode.code
    name = episode.name ?? ""
    airdate = episode.airdate
    airstamp = episode.airstamp
    runtime = episode.runtime
    rating = episode.rating?.average
    summary = details ? episode.summary.map(HTMLText.plainText) : nil
    self.watched = watched
    showName = show.name
    summaryHTML = details ? episode.summary : nil
  }

  /// When it airs, in the local time zone: `Mon 24 Jun 23:00`, else its date.
  var airs: String? {
    if let airstamp, let date = AirTime.parse(airstamp) { return AirTime.weekdayAndTime(date) }
    return airdate.flatMap { $0.isEmpty ? nil : $0 }
  }

  var watchedMark: StyledText { watched ? StyledText("✓ watched", .price) : StyledText("") }

  var blocks: [Block] {
    var blocks: [Block] = [
      .text(StyledText(name.isEmpty ? code : name, .heading)),
      DetailsLayout.fact("Show", showName), DetailsLayout.fact("Episode", code),
    ]
    if let airstamp, let date = AirTime.parse(airstamp) {
      blocks.append(DetailsLayout.fact("Airs", AirTime.dateAndTime(date) + " (local time)"))
    } else if let airdate, !airdate.isEmpty {
      blocks.append(DetailsLayout.fact("Airs", airdate))
    }
    if let runtime { blocks.append(DetailsLayout.fact("Runtime", "\(runtime) min")) }
    if let rating {
      blocks.append(DetailsLayout.fact("Rating", String(format: "%.1f / 10", rating)))
    }
    blocks.append(
      DetailsLayout.fact(
        "Watched", watched ? "yes (\"unwatched\" takes it back)" : "no (\"watched\" marks it)"))
    if let summaryHTML {
      blocks.append(.blank)
      blocks += HTMLText.paragraphs(summaryHTML).map { .paragraph($0.text) }
    }
    blocks.append(DetailsLayout.tvmazeCredit)
    return blocks
  }
}

/// One row of a show's seasons table.
struct SeasonModel: Encodable, Sendable {
  let season: Int
  let path: String
  let episodes: Int
  let firstAirdate: String?
  let lastAirdate: String?
  let watched: Int
}

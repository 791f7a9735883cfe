import Foundation
import ShelfDomain
import ShelfSearch

/// What a show's details add once its episodes are known: the next and previous episode and
/// the seasons with their watched counts.
struct ShowEpisodesSummary: Encodable, Sendable {
  let nextEpisode: EpisodeRow?
  let previousEpisode: EpisodeRow?
  let seasons: [SeasonRow]
  let episodeCount: Int
  /// The time the relative dates are counted from.
  let now: Date

  private enum CodingKeys: String, CodingKey {
    case nextEpisode, previousEpisode, seasons, episodeCount
  }

  init(show: Show, guide: EpisodeGuide, inputs: ScreenInputs) {
    let now = inputs.now
    let watched = inputs.watchedIDs(show: show.id)
    let hidden = inputs.spoilers.hidden(guide, watched: watched)
    let aired = guide.episodes.filter { $0.hasAired(by: now) }
    let upcoming = guide.episodes.filter { !$0.hasAired(by: now) && $0.airsAt != nil }
      .sorted { ($0.airsAt ?? now) < ($1.airsAt ?? now) }
    let latest = aired.max { ($0.airsAt ?? .distantPast) < ($1.airsAt ?? .distantPast) }
    nextEpisode = upcoming.first.map {
      inputs.episodeRow($0, show: show, watched: watched, hidden: hidden)
    }
    previousEpisode = latest.map {
      inputs.episodeRow($0, show: show, watched: watched, hidden: hidden)
    }
    seasons = guide.seasons(watched: watched).map {
      SeasonRow(
        season: $0.number, path: "/shows/\(show.id)/S\($0.number)", episodes: $0.episodeCount,
        firstAirdate: $0.firstAirdate, lastAirdate: $0.lastAirdate, watched: $0.watchedCount)
    }
    episodeCount = guide.episodes.count
    self.now = now
  }

  var blocks: [Block] {
    var blocks: [Block] = []
    for (label, episode) in [("Next episode", nextEpisode), ("Previous episode", previousEpisode)] {
      guard let episode else { continue }
      var line = "\(label): \(episode.code)"
      if episode.hidden {
        line += " · \(SpoilerShield.placeholder)"
      } else if !episode.name.isEmpty {
        line += " \"\(episode.name)\""
      }
      if let stamp = episode.airstamp, let date = AirTime.parse(stamp) {
        line += " · \(AirTime.weekdayAndTime(date)) (\(AirTime.relative(date, from: now)))"
      } else if let airdate = episode.airdate, !airdate.isEmpty {
        line += " · \(airdate)"
      }
      blocks.append(.text(StyledText(line)))
    }
    blocks.append(
      DetailsLayout.fact(
        "Episodes",
        "\(Thousands.grouped(episodeCount)) in \(Thousands.counted(seasons.count, "seasons"))"))
    guard !seasons.isEmpty else { return blocks }
    blocks.append(.blank)
    blocks.append(
      .table(
        Table(
          columns: [
            .init("Season"), .init("Episodes", .right), .init("First aired"),
            .init("Last aired"), .init("Watched", .right),
          ],
          rows: seasons.map { season in
            [
              StyledText("S\(season.season)", .accent), StyledText(String(season.episodes)),
              StyledText(season.firstAirdate ?? "–"), StyledText(season.lastAirdate ?? "–"),
              StyledText("\(season.watched)/\(season.episodes)"),
            ]
          })))
    return blocks
  }
}

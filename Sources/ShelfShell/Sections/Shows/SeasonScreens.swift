import Foundation
import ShelfCatalog

/// What a show's details add once its episodes are known: the next and previous episode and
/// the seasons with their watched counts.
struct ShowEpisodesSummary: Encodable, Sendable {
  let nextEpisode: EpisodeModel?
  let previousEpisode: EpisodeModel?
  let seasons: [SeasonModel]
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
      inputs.episodeModel($0, show: show, watched: watched, hidden: hidden)
    }
    previousEpisode = latest.map {
      inputs.episodeModel($0, show: show, watched: watched, hidden: hidden)
    }
    seasons = guide.seasons(watched: watched).map {
      SeasonModel(
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
    let seasonWord = seasons.count == 1 ? "season" : "seasons"
    blocks.append(
      DetailsLayout.fact(
        "Episodes",
        "\(Thousands.grouped(episodeCount)) in \(seasons.count) \(seasonWord)"))
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

/// `/shows/1/S1`: the episodes of one season.
struct SeasonScreen: Screen {
  let path: String
  let showId: Int
  let season: Int
  let rows: [EpisodeModel]
  let showName: String

  private enum CodingKeys: String, CodingKey { case path, showId, season, rows }

  var blocks: [Block] {
    [
      .text(
        StyledText(
          "\(showName) — Season \(season) (\(rows.count) episode\(rows.count == 1 ? "" : "s"))",
          .heading)),
      .table(EpisodeTable.table(rows)),
    ]
  }
}

/// `episodes`: every episode of a show, season by season.
struct EpisodeListScreen: Screen {
  let path: String
  let showId: Int
  let rows: [EpisodeModel]
  let showName: String

  private enum CodingKeys: String, CodingKey { case path, showId, rows }

  var blocks: [Block] {
    var blocks: [Block] = [
      .text(StyledText("\(showName): \(Thousands.grouped(rows.count)) episodes", .heading))
    ]
    var seen: [Int] = []
    for row in rows where !seen.contains(row.season) { seen.append(row.season) }
    for season in seen {
      let episodes = rows.filter { $0.season == season }
      blocks.append(.blank)
      blocks.append(.text(StyledText("Season \(season) (\(episodes.count))", .bold)))
      blocks.append(.table(EpisodeTable.table(episodes)))
    }
    return blocks
  }
}

/// The table of episodes in season and episode lists.
enum EpisodeTable {
  static func table(_ rows: [EpisodeModel]) -> Table {
    Table(
      columns: [
        .init("Code"), .init("Name", flexible: true), .init("Airdate"), .init("Runtime", .right),
        .init(""),
      ],
      rows: rows.map { episode in
        [
          StyledText(episode.code, .dim), StyledText(episode.name),
          StyledText(episode.airdate.flatMap { $0.isEmpty ? nil : $0 } ?? "–"),
          StyledText(episode.runtime.map { "\($0) min" } ?? "–"), episode.watchedMark,
        ]
      })
  }
}

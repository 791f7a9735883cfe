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

/// `/shows/1/S1`: the episodes of one season.
struct SeasonScreen: Screen {
  let path: String
  let showId: Int
  let season: Int
  let rows: [EpisodeRow]
  let showName: String
  let total: Int
  let all: Int
  let request: ListRequest

  private enum CodingKeys: String, CodingKey { case path, showId, season, rows }

  init(
    path: String, showId: Int, season: Int, rows: [EpisodeRow], showName: String,
    request: ListRequest = ListRequest()
  ) {
    let arranged = EpisodeRow.list.arrange(rows, request)
    self.path = path
    self.showId = showId
    self.season = season
    self.rows = arranged.rows
    self.showName = showName
    total = arranged.total
    all = rows.count
    self.request = request
  }

  var blocks: [Block] {
    return [
      .text(
        StyledText(
          ListHeading.text(
            "\(showName) — Season \(season)", shown: rows.count, total: total, all: all,
            unit: "episodes", request: request), .heading)),
      .table(EpisodeRow.list.table(rows)),
    ]
  }
}

/// `episodes`: every episode of a show, season by season.
struct EpisodeListScreen: Screen {
  let path: String
  let showId: Int
  let rows: [EpisodeRow]
  let showName: String

  private enum CodingKeys: String, CodingKey { case path, showId, rows }

  var blocks: [Block] {
    var blocks: [Block] = [
      .text(StyledText("\(showName): \(Thousands.counted(rows.count, "episodes"))", .heading))
    ]
    var seen: [Int] = []
    for row in rows where !seen.contains(row.season) { seen.append(row.season) }
    for season in seen {
      let episodes = rows.filter { $0.season == season }
      blocks.append(.blank)
      blocks.append(.text(StyledText("Season \(season) (\(episodes.count))", .bold)))
      blocks.append(.table(EpisodeRow.list.table(episodes)))
    }
    return blocks
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

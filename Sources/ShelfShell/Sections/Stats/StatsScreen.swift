import ShelfDomain

/// `stats`: the totals, a bar per month, the top genres and shows.
struct StatsScreen: Screen {
  let stats: WatchingStats

  func encode(to encoder: Encoder) throws { try stats.encode(to: encoder) }

  /// The longest bar, in characters.
  static let barWidth = 30

  var blocks: [Block] {
    let period = stats.year.map { "in \($0)" } ?? "of all time"
    // Plays get their own column once an episode was watched more than once.
    let rewatched = stats.plays != stats.episodes
    var blocks: [Block] = [
      .text(StyledText("Your watching \(period)", .heading)),
      DetailsLayout.fact(
        "Episodes",
        Thousands.grouped(stats.episodes)
          + (rewatched ? " (\(Thousands.counted(stats.plays, "plays")))" : "")),
      DetailsLayout.fact("Time", Self.duration(stats.minutes)),
      DetailsLayout.fact("Started", Thousands.grouped(stats.shows)),
      DetailsLayout.fact("Completed", Thousands.grouped(stats.completed)),
    ]
    let most = stats.byMonth.map(\.plays).max() ?? 0
    blocks.append(.blank)
    blocks.append(
      .table(
        Table(
          columns: [
            .init("Month"), .init("Episodes", .right),
          ] + (rewatched ? [.init("Plays", .right)] : []) + [.init("Time", .right), .init("")],
          rows: stats.byMonth.map { month in
            let length =
              most == 0 ? 0 : max(month.plays > 0 ? 1 : 0, month.plays * Self.barWidth / most)
            return [StyledText(month.month), StyledText(Thousands.grouped(month.episodes))]
              + (rewatched ? [StyledText(Thousands.grouped(month.plays))] : []) + [
                StyledText(Self.duration(month.minutes), .dim),
                StyledText(String(repeating: "█", count: length), .accent),
              ]
          })))
    if stats.year == nil, stats.undated > 0 {
      blocks.append(
        .text(
          StyledText(
            "\(Thousands.counted(stats.undated, "marks")) made before shelf kept times"
              + " \(stats.undated == 1 ? "counts" : "count") in no month.",
            .dim)))
    }
    if !stats.genres.isEmpty {
      blocks.append(.blank)
      blocks.append(
        .table(
          Table(
            columns: [.init("Top genres", flexible: true), .init("Episodes", .right)],
            rows: stats.genres.map {
              [StyledText($0.genre), StyledText(Thousands.grouped($0.episodes))]
            })))
    }
    if !stats.top.isEmpty {
      blocks.append(.blank)
      blocks.append(
        .table(
          Table(
            columns: [
              .init("Top shows", flexible: true), .init("Episodes", .right),
            ] + (rewatched ? [.init("Plays", .right)] : []) + [.init("Time", .right)],
            rows: stats.top.map {
              [StyledText($0.name), StyledText(Thousands.grouped($0.episodes))]
                + (rewatched ? [StyledText(Thousands.grouped($0.plays))] : [])
                + [StyledText(Self.duration($0.minutes), .dim)]
            })))
    }
    return blocks
  }

  /// `35 h 20 min`, `45 min`, `0 min`.
  static func duration(_ minutes: Int) -> String {
    let hours = minutes / 60
    let rest = minutes % 60
    if hours == 0 { return "\(rest) min" }
    return rest == 0 ? "\(Thousands.grouped(hours)) h" : "\(Thousands.grouped(hours)) h \(rest) min"
  }
}

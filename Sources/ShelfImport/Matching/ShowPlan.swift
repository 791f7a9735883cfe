import Foundation
import ShelfDomain
import ShelfStore

/// What one show's rows come to once the show is found on TVmaze: each episode found once,
/// with the earliest time any row gives, the latest, and its plays (the rows of single plays counted, a
/// summary's count taken when larger, so that a history and a summary of the same plays do
/// not add up); the latest rating of the show and of each episode; the status the rows give.
/// The rows whose episode TVmaze does not list are set apart.
public struct ShowPlan: Sendable {
  public let imported: ImportedShow
  /// Rows about episodes that were not found.
  public let missing: [HistoryRow]

  /// `now`: times later than this (and a day of slack for clocks) are not believed, and are
  /// dropped (the mark keeps no time).
  public init(history: ShowHistory, show: Show, finder: EpisodeFinder, now: Date) {
    let latest = now.addingTimeInterval(24 * 3600)
    func believable(_ date: Date?) -> Date? { date.flatMap { $0 <= latest ? $0 : nil } }
    struct Watch {
      var episode: Episode
      var plays = 0
      var summaryPlays = 0
      var at: Date?
      var last: Date?
    }
    var watches: [Int: Watch] = [:]
    var order: [Int] = []
    var rating: ImportedShow.Rating?
    var episodeRatings: [Int: (episode: RatedEpisode, at: Date?)] = [:]
    var status: TrackingStatus?
    var missing: [HistoryRow] = []

    func later(_ at: Date?, than other: Date?) -> Bool {
      guard let other else { return true }
      return at.map { $0 >= other } ?? false
    }

    for row in history.rows {
      switch row.fact {
      case .status(let value):
        status = value
        continue
      case .followed:
        continue
      case .rating(let value, let at) where row.episode == nil:
        if rating.map({ later(believable(at), than: $0.at) }) ?? true {
          rating = ImportedShow.Rating(value: value, at: believable(at))
        }
        continue
      default:
        break
      }
      guard let reference = row.episode, let episode = finder.find(reference) else {
        missing.append(row)
        continue
      }
      switch row.fact {
      case .play(let at), .watched(let at, _):
        var watch = watches[episode.id] ?? Watch(episode: episode)
        if watches[episode.id] == nil { order.append(episode.id) }
        if case .watched(_, let plays) = row.fact {
          watch.summaryPlays = max(watch.summaryPlays, plays)
        } else {
          watch.plays += 1
        }
        if let at = believable(at) {
          if watch.at.map({ at < $0 }) ?? true { watch.at = at }
          if watch.last.map({ at > $0 }) ?? true { watch.last = at }
        }
        watches[episode.id] = watch
      case .rating(let value, let at):
        let rated = RatedEpisode(
          showId: show.id, id: episode.id, season: episode.season, number: episode.number,
          rating: value)
        if episodeRatings[episode.id].map({ later(believable(at), than: $0.at) }) ?? true {
          episodeRatings[episode.id] = (rated, believable(at))
        }
      case .status, .followed:
        break
      }
    }
    let marks = order.compactMap { id -> WatchedEpisode? in
      guard let watch = watches[id] else { return nil }
      return WatchedEpisode(
        id: id, season: watch.episode.season, number: watch.episode.number, watchedAt: watch.at,
        plays: max(watch.plays, watch.summaryPlays),
        lastWatchedAt: watch.last == watch.at ? nil : watch.last)
    }
    imported = ImportedShow(
      show: show, marks: marks, rating: rating, episodeRatings: episodeRatings, status: status)
    self.missing = missing
  }
}

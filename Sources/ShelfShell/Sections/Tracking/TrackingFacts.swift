import Foundation
import ShelfDomain
import ShelfStore

/// Where each show stands for the viewer and what they thought of it, read once from their
/// files for a screen or a command: the saved statuses and ratings, the watched marks and the
/// favourites. A status left on auto is derived from the marks (`status(of:episodes:)`).
struct TrackingFacts {
  let document: TrackingDocument
  let watched: WatchedDocument
  let favorites: Set<Int>
  let now: Date
  private let saved: [Int: TrackedShow]
  private let episodeRatings: [Int: Int]
  private let watchedShows: Set<Int>

  init(document: TrackingDocument, watched: WatchedDocument, favorites: Set<Int>, now: Date) {
    self.document = document
    self.watched = watched
    self.favorites = favorites
    self.now = now
    saved = Dictionary(
      document.shows.map { ($0.showId, $0) }, uniquingKeysWith: { first, _ in first })
    episodeRatings = Dictionary(
      document.episodes.map { ($0.id, $0.rating) }, uniquingKeysWith: { first, _ in first })
    watchedShows = Set(watched.shows.filter { !$0.episodes.isEmpty }.map(\.showId))
  }

  /// A show is tracked when it is a favourite, has a saved status or rating, or has marks;
  /// other shows (most of the 85,000) have no status.
  func isTracked(_ show: Int) -> Bool {
    favorites.contains(show) || saved[show] != nil || watchedShows.contains(show)
  }

  /// Every tracked show's id.
  var trackedIDs: Set<Int> { favorites.union(saved.keys).union(watchedShows) }

  func savedStatus(of show: Int) -> TrackingStatus? { saved[show]?.status }

  func rating(ofShow show: Int) -> Int? { saved[show]?.rating }

  func rating(ofEpisode episode: Int) -> Int? { episodeRatings[episode] }

  func watchedIDs(show: Int) -> Set<Int> {
    Set(watched.episodes(show: show).map(\.id))
  }

  /// The marks of the run that counts for up next and the status: those watched since the
  /// show's rewatch began (`rewatch`), else every mark.
  func currentMarks(show: Int) -> [WatchedEpisode] {
    let marks = watched.episodes(show: show)
    guard let start = saved[show]?.rewatchStarted else { return marks }
    return marks.filter { $0.isWatched(since: start) }
  }

  /// The show's status: the saved one, else derived (`auto`): plan when nothing is watched,
  /// completed when every aired episode is watched and the show has ended, else watching.
  /// Without its episodes, a show with marks counts as watching.
  func status(of show: Show, episodes: [Episode]?) -> TrackingStatus {
    status(of: show, outlines: episodes.map { $0.lazy.map(EpisodeOutline.init) })
  }

  /// The same from the episodes' outlines; `watched` is the table of the show's watched ids
  /// (of `currentMarks`) when the caller has it already. A show being rewatched is watching
  /// until every aired episode is watched again.
  func status<Outlines: Sequence<EpisodeOutline>>(
    of show: Show, outlines: Outlines?, watched: EpisodeIDMap<Bool>? = nil
  ) -> TrackingStatus {
    if let status = savedStatus(of: show.id) { return status }
    let rewatching = saved[show.id]?.rewatchStarted != nil
    guard rewatching || (watched.map({ $0.count > 0 }) ?? !currentMarks(show: show.id).isEmpty)
    else {
      return .plan
    }
    guard show.status == "Ended", let outlines else { return .watching }
    // The table of watched ids is made only here, for an ended show.
    let marks = watched ?? EpisodeIDMap(ids: currentMarks(show: show.id).lazy.map(\.id))
    // Completed: at least one episode aired, and every aired one watched.
    var aired = false
    for outline in outlines where outline.hasAired(by: now) {
      guard marks.contains(outline.id) else { return .watching }
      aired = true
    }
    return aired ? .completed : .watching
  }

  /// The status of a tracked show; nil for one that is not tracked.
  func trackingStatus(of show: Show, episodes: [Episode]?) -> TrackingStatus? {
    isTracked(show.id) ? status(of: show, episodes: episodes) : nil
  }

  /// Whether the show's status depends on its episodes: on auto, with marks, and ended.
  func needsEpisodes(_ show: Show) -> Bool {
    savedStatus(of: show.id) == nil && show.status == "Ended" && watchedShows.contains(show.id)
  }
}

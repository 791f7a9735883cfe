import Foundation
import ShelfDomain

/// A watched mark merges by `.marks`: the earliest watch time is kept and the latest; plays
/// are a counter (what each side added to the base adds up; with no base, as an import, the
/// larger count, so that an import run twice adds nothing); a season or number one side lacks
/// is taken from the other.
extension WatchedEpisode: SetMember {
  public var key: Int { id }
  public static var rule: MergeRule { .marks }

  public static func merged(
    base: WatchedEpisode?, ours: WatchedEpisode, theirs: WatchedEpisode, withBase: Bool
  ) -> WatchedEpisode {
    let plays =
      withBase
      ? ours.plays + theirs.plays - (base?.plays ?? 0)
      : max(ours.plays, theirs.plays)
    let last: Date?
    switch (ours.latestWatch, theirs.latestWatch) {
    case (let mine?, let other?): last = max(mine, other)
    case (let only?, nil), (nil, let only?): last = only
    case (nil, nil): last = nil
    }
    let first: Date?
    switch (ours.watchedAt, theirs.watchedAt) {
    case (let mine?, let other?): first = min(mine, other)
    case (let only?, nil), (nil, let only?): first = only
    case (nil, nil): first = nil
    }
    return WatchedEpisode(
      id: ours.id, season: ours.season ?? theirs.season, number: ours.number ?? theirs.number,
      watchedAt: first, plays: plays, lastWatchedAt: last == first ? nil : last)
  }
}

/// A show's marks: a member of the watched set whose absence stands for no marks, so that
/// its marks merge one by one (a mark removed on one side goes; one added on the other stays).
extension WatchedShow: SetMember {
  public var key: Int { showId }
  public static var rule: MergeRule { .marks }
  public var catalogItem: ItemID? { ItemID(.show, showId) }

  public static func merged(
    base: WatchedShow?, ours: WatchedShow, theirs: WatchedShow, withBase: Bool
  ) -> WatchedShow {
    mergedCounting(base: base, ours: ours, theirs: theirs, withBase: withBase).0
  }

  /// The marks merged one by one, counted as they merge.
  public static func mergedCounting(
    base: WatchedShow?, ours: WatchedShow, theirs: WatchedShow, withBase: Bool
  ) -> (WatchedShow, MergeCount) {
    let (episodes, count) = SetMerge.merged(
      base: withBase ? base?.episodes ?? [] : nil, ours: ours.episodes, theirs: theirs.episodes)
    return (WatchedShow(showId: ours.showId, episodes: episodes), count)
  }

  public static func empty(key: Int) -> WatchedShow? { WatchedShow(showId: key, episodes: []) }

  /// One change per mark added, removed or changed.
  public func changes(from other: WatchedShow?) -> Int {
    guard let other, !other.episodes.isEmpty else { return episodes.count }
    guard other != self else { return 0 }
    let before = Dictionary(
      other.episodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var changed = 0
    var seen = Set<Int>()
    for episode in episodes {
      seen.insert(episode.id)
      if before[episode.id] != episode { changed += 1 }
    }
    return changed + before.keys.filter { !seen.contains($0) }.count
  }

  public var problem: String? {
    if showId < 0 { return "show \(showId) is not an id" }
    if Set(episodes.map(\.id)).count != episodes.count {
      return "show \(showId) lists an episode twice"
    }
    return nil
  }
}

extension WatchedDocument {
  /// The marks as one set of shows.
  var markSet: MergeableSet<WatchedShow> {
    get { MergeableSet(members: shows) }
    set { shows = newValue.members }
  }
}

import Foundation
import ShelfDomain
import ShelfStore

/// What `watched` and `unwatched` do to one person's marks, target by target. `watched` marks
/// an episode not watched yet; one watched before a rewatch of its show began counts another
/// play (that is the rewatch); one watched already counts another play only when the episode
/// was named one by one and the user said yes (`countAgain`). `unwatched` takes back the last
/// play: a mark of several plays keeps one fewer, a mark of one goes.
struct WatchMarking {
  /// What changed for one person in one target.
  struct Outcome: Equatable {
    /// Episodes marked for the first time (`unwatched`: marks taken away).
    var added = 0
    /// Episodes that count another play (`unwatched`: that lost one play).
    var again = 0
    /// Episodes left as they were.
    var unchanged = 0
    /// The plays of a single episode after the change.
    var plays = 0

    var changed: Bool { added + again > 0 }
  }

  /// An episode a person watched already, named one by one: what `watched` asks about.
  struct Repeat {
    let person: Int
    let mark: WatchedEpisode
  }

  let targets: [EpisodeTarget]
  /// True for `watched`, false for `unwatched`.
  let marks: Bool
  let now: Date

  /// The episodes that `person`'s `document` has watched already in the run that counts (since
  /// their rewatch of the show began), among those named one by one.
  func repeats(person: Int, in document: WatchedDocument, rewatches: TrackingDocument)
    -> [Repeat]
  {
    guard marks else { return [] }
    return targets.filter(\.what.isEmpty).flatMap { target in
      let start = rewatches.rewatchStarted(of: target.show.id)
      return target.episodes.compactMap { episode in
        document.mark(show: target.show.id, episode: episode.id)
          .flatMap { $0.isWatched(since: start) ? Repeat(person: person, mark: $0) : nil }
      }
    }
  }

  /// Changes `document` (one person's marks; `rewatches` their rewatch starts): one outcome a
  /// target.
  func apply(
    to document: inout WatchedDocument, rewatches: TrackingDocument, countAgain: Bool
  ) -> [Outcome] {
    targets.map { target in
      let show = target.show.id
      var outcome = Outcome()
      let start = rewatches.rewatchStarted(of: show)
      var fresh: [WatchedEpisode] = []
      var again: Set<Int> = []
      var back: [Int] = []
      for episode in target.episodes {
        let mark = document.mark(show: show, episode: episode.id)
        if !marks {
          guard let mark else {
            outcome.unchanged += 1
            continue
          }
          back.append(episode.id)
          if mark.plays > 1 { outcome.again += 1 } else { outcome.added += 1 }
        } else if let mark {
          if !mark.isWatched(since: start) || (countAgain && target.what.isEmpty) {
            again.insert(episode.id)
            outcome.again += 1
          } else {
            outcome.unchanged += 1
          }
        } else {
          fresh.append(
            WatchedEpisode(
              id: episode.id, season: episode.season, number: episode.number, watchedAt: now))
          outcome.added += 1
        }
      }
      if marks {
        document.mark(show: show, episodes: fresh)
        document.playAgain(show: show, episodes: again, at: now)
      } else {
        document.unmark(show: show, episodes: back)
      }
      if let only = target.episodes.first, target.episodes.count == 1 {
        outcome.plays = document.mark(show: show, episode: only.id)?.plays ?? 0
      }
      return outcome
    }
  }

  /// The question before an episode watched already counts another play: `Watched before on 3
  /// Mar 2026. Count another watch?` (the first time; who, when others watched it).
  static func question(_ repeats: [Repeat], people: [ProfileRecord], activeID: Int) -> String {
    let first = repeats.compactMap(\.mark.watchedAt).min()
    let on = first.map { " on \(AirTime.dayMonthYear($0))" } ?? ""
    let episodes = Set(repeats.map(\.mark.id)).count
    let whom = Set(repeats.map(\.person)).sorted().map { index in
      people[index].id == activeID ? "you" : people[index].name
    }
    let count = " Count another watch?"
    if episodes == 1 {
      if whom == ["you"] { return "Watched before\(on).\(count)" }
      return "Watched before by \(WordList.and(whom))\(first == nil ? "" : ", first\(on)").\(count)"
    }
    return "\(episodes) of these episodes were watched before"
      + (first.map { " (first on \(AirTime.dayMonthYear($0)))" } ?? "") + "." + count
  }
}

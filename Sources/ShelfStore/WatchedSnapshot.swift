import Foundation
import ShelfStorage

extension WatchedDocument {
  /// The snapshot of `watched.plist` at `url`, kept in `cacheDirectory`: every mark on a
  /// `CompactTape`, read without a general decoder (20,000 marks would cost a new process
  /// several times its start to decode).
  public static func snapshot(of url: URL, in cacheDirectory: URL) -> DocumentSnapshot<Self> {
    let name = DerivedFile.name("watched", for: url, extension: "cache")
    return DocumentSnapshot(
      file: DerivedFile(url: cacheDirectory.appendingPathComponent(name), kind: "watched-4"),
      encode: { $0.compactSections() }, decode: { WatchedDocument(compact: $0) })
  }

  /// The version and the shows; for each show its id and marks; for each mark its id, season,
  /// number and time (each with whether it is there), and its plays and last time (nil for a
  /// mark watched once).
  func compactSections() -> [[UInt8]] {
    var tape = CompactTape()
    tape.put(version)
    tape.put(shows.count)
    for show in shows {
      tape.put(show.showId)
      tape.put(show.episodes.count)
      for episode in show.episodes {
        tape.put(episode.id)
        tape.put(episode.season)
        tape.put(episode.number)
        tape.put(episode.watchedAt?.timeIntervalSinceReferenceDate)
        tape.put(episode.plays > 1 ? episode.plays : nil)
        tape.put(episode.lastWatchedAt?.timeIntervalSinceReferenceDate)
      }
    }
    return tape.sections
  }

  /// The document of `compactSections`; nil when the sections do not hold one.
  init?(compact sections: DerivedSections) {
    guard sections.count == 2, let numbers = sections.values(0, as: Int64.self),
      let text = sections.values(1, as: UInt8.self)
    else { return nil }
    var tape = CompactTapeReader(numbers: numbers, text: text)
    guard let document = try? WatchedDocument(tape: &tape), tape.isAtEnd else { return nil }
    self = document
  }

  private init(tape: inout CompactTapeReader) throws {
    self.init()
    version = try tape.int()
    let showCount = try tape.count()
    shows.reserveCapacity(showCount)
    for _ in 0..<showCount {
      let showID = try tape.int()
      let count = try tape.count()
      var episodes: [WatchedEpisode] = []
      episodes.reserveCapacity(count)
      for _ in 0..<count {
        episodes.append(
          WatchedEpisode(
            id: try tape.int(), season: try tape.optionalInt(), number: try tape.optionalInt(),
            watchedAt: try tape.optionalDouble().map(Date.init(timeIntervalSinceReferenceDate:)),
            plays: try tape.optionalInt() ?? 1,
            lastWatchedAt: try tape.optionalDouble().map(
              Date.init(timeIntervalSinceReferenceDate:))))
      }
      shows.append(WatchedShow(showId: showID, episodes: episodes))
    }
  }
}

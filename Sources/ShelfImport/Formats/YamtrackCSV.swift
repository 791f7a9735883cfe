import Foundation
import ShelfStore

/// Yamtrack's CSV (https://github.com/FuzzyGrim/Yamtrack, its export and import): the columns,
/// the words of its statuses, and how shelf carries a show's ids in it. Yamtrack has no source
/// for TVmaze or TheTVDB, so shelf writes its shows as Yamtrack's `manual` items and puts the
/// ids in `notes` (`tvmaze: 82; thetvdb: 81189; imdb: tt0903747`; an episode's as `episode id:
/// 1234`), which shelf reads back.
enum YamtrackCSV {
  /// The columns of Yamtrack's export, in its order, and `repeats` (Yamtrack's count of
  /// rewatches: an episode's plays beyond the first).
  static let columns = [
    "media_id", "source", "media_type", "title", "image", "season_number", "episode_number",
    "score", "progress", "status", "start_date", "end_date", "notes", "progressed_at", "repeats",
  ]

  /// Yamtrack's status words, for each of shelf's.
  static func word(for status: TrackingStatus) -> String {
    switch status {
    case .watching: "In progress"
    case .plan: "Planning"
    case .paused: "Paused"
    case .dropped: "Dropped"
    case .completed: "Completed"
    }
  }

  /// shelf's status for a Yamtrack status word (in any case), nil for an unknown one.
  static func status(for word: String) -> TrackingStatus? {
    switch word.lowercased() {
    case "in progress", "watching": .watching
    case "planning", "plan to watch": .plan
    case "paused", "on hold": .paused
    case "dropped": .dropped
    case "completed": .completed
    default: nil
    }
  }

  /// What shelf writes in `notes`: the show's ids, and for a row written back with
  /// `--unmatched`, the episode's name and why it was not found.
  struct Notes: Equatable {
    var tvmaze: Int?
    var thetvdb: Int?
    var imdb: String?
    /// TVmaze's id of the episode of an `episode` row.
    var episodeID: Int?
    var episode: String?
    var notFound: String?

    init(
      tvmaze: Int? = nil, thetvdb: Int? = nil, imdb: String? = nil, episodeID: Int? = nil,
      episode: String? = nil, notFound: String? = nil
    ) {
      self.tvmaze = tvmaze
      self.thetvdb = thetvdb
      self.imdb = imdb
      self.episodeID = episodeID
      self.episode = episode
      self.notFound = notFound
    }

    /// `tvmaze: 82; thetvdb: 81189; imdb: tt0903747` (those known), then `episode: NAME` and
    /// `not found: REASON`, which come last as they may hold `;`.
    var text: String {
      var parts: [String] = []
      if let tvmaze { parts.append("tvmaze: \(tvmaze)") }
      if let thetvdb { parts.append("thetvdb: \(thetvdb)") }
      if let imdb { parts.append("imdb: \(imdb)") }
      if let episodeID { parts.append("episode id: \(episodeID)") }
      if let episode { parts.append("episode: \(episode)") }
      if let notFound { parts.append("not found: \(notFound)") }
      return parts.joined(separator: "; ")
    }

    /// The notes as shelf wrote them (or a person edited them), wherever the parts stand.
    init(text: String) {
      var rest = Substring(text)
      while !rest.isEmpty {
        guard let colon = rest.firstIndex(of: ":") else { break }
        let key = rest[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: "; \n"))
          .lowercased()
        var value = rest[rest.index(after: colon)...]
        if key == "episode" || key == "not found" {
          // The name runs to ` not found:` or the end.
          let end = value.range(of: "; not found:")?.lowerBound ?? value.endIndex
          rest = value[end...]
          value = value[..<end]
        } else {
          let end = value.firstIndex(where: { $0 == ";" || $0 == "\n" }) ?? value.endIndex
          rest = value[end...]
          value = value[..<end]
        }
        let text = value.trimmingCharacters(in: .whitespaces)
        switch key {
        case "tvmaze": tvmaze = Int(text)
        case "thetvdb", "tvdb": thetvdb = Int(text)
        case "imdb": imdb = text.hasPrefix("tt") ? text : nil
        case "episode id": episodeID = Int(text)
        case "episode": episode = text.isEmpty ? nil : text
        case "not found": notFound = text
        default: continue
        }
      }
    }
  }
}

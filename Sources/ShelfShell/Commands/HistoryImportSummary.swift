import ShelfDomain
import ShelfImport
import ShelfStore

/// What `import --from` did (or, with `--dry-run`, would do): one value, which `--json`
/// encodes and whose text is the summary line (`42 shows matched, 1,310 episodes marked, 3
/// ratings, 5 not found: …`) with the details after it.
struct HistoryImportSummary: Screen {
  /// A show the history names that TVmaze did not give.
  struct NotFound: Encodable, Sendable {
    var show: String
    var reason: String
    /// The shows TVmaze offered: `{"name", "year", "id"}`.
    var candidates: [Candidate]
  }

  struct Candidate: Encodable, Sendable {
    var name: String
    var year: Int?
    var id: Int
  }

  /// An episode of a matched show that TVmaze does not list.
  struct MissingEpisode: Encodable, Sendable {
    var show: String
    var episode: String
  }

  /// What one show changes (listed by a dry run).
  struct ShowChange: Encodable, Sendable {
    var show: String
    var id: Int
    var episodes: Int
    var earlier: Int
    var rewatches: Int
    var ratings: Int
    var status: String?
    var followed: Bool
  }

  var source: String
  var dryRun: Bool
  var shows = 0
  var episodes = 0
  var earlier = 0
  var rewatches = 0
  var ratings = 0
  var statuses = 0
  var followed = 0
  var notFound: [NotFound] = []
  var missingEpisodes: [MissingEpisode] = []
  /// What the export holds that shelf does not keep: `{"movies": 12}`.
  var leftOut: [String: Int] = [:]
  var changes: [ShowChange] = []
  var unmatchedFile: String?
  private var matchedIDs = Set<Int>()

  private enum CodingKeys: String, CodingKey {
    case source, dryRun, shows, episodes, earlier, rewatches, ratings, statuses, followed
    case notFound, missingEpisodes, leftOut, changes, unmatchedFile
  }

  init(source: ImportFormat, dryRun: Bool, leftOut: [HistoryFile.LeftOut: Int]) {
    self.source = source.rawValue
    self.dryRun = dryRun
    for (kind, count) in leftOut { self.leftOut[kind.rawValue] = count }
    self.leftOutWords = leftOut.sorted { $0.key < $1.key }.map { $0.key.words($0.value) }
  }

  private var leftOutWords: [String] = []

  mutating func add(_ change: ImportChange, of show: Show, name: String) {
    if matchedIDs.insert(show.id).inserted { shows += 1 }
    episodes += change.marked
    earlier += change.earlier
    rewatches += change.rewatches
    ratings += change.ratings
    if change.status != nil { statuses += 1 }
    if change.followed { followed += 1 }
    if dryRun, !change.isEmpty {
      changes.append(
        ShowChange(
          show: name, id: show.id, episodes: change.marked, earlier: change.earlier,
          rewatches: change.rewatches, ratings: change.ratings, status: change.status?.rawValue,
          followed: change.followed))
    }
  }

  mutating func notFound(_ reference: ShowReference, _ reason: ShowMatcher.NotFound) {
    notFound.append(
      NotFound(
        show: reference.description, reason: reason.description,
        candidates: reason.candidates.map { Candidate(name: $0.name, year: $0.year, id: $0.id) }))
  }

  /// `42 shows matched, 1,310 episodes marked, 3 ratings, 5 not found: A, B (2005), …`.
  var line: String {
    func count(_ value: Int, _ noun: String) -> String {
      "\(Thousands.grouped(value)) \(noun)\(value == 1 ? "" : "s")"
    }
    var text =
      count(shows, "show") + " matched, " + count(episodes, "episode") + " marked, "
      + count(ratings, "rating") + ", \(Thousands.grouped(notFound.count)) not found"
    if !notFound.isEmpty { text += ": " + notFound.map(\.show).joined(separator: ", ") }
    return text + "."
  }

  var blocks: [Block] {
    var lines: [String] = []
    if dryRun {
      lines.append("Dry run: nothing was written. The import would change:")
      for change in changes {
        var parts: [String] = []
        if change.episodes > 0 { parts.append("\(Thousands.grouped(change.episodes)) marked") }
        if change.earlier > 0 { parts.append("\(change.earlier) watched earlier") }
        if change.rewatches > 0 {
          parts.append("\(change.rewatches) rewatch\(change.rewatches == 1 ? "" : "es")")
        }
        if change.ratings > 0 { parts.append("\(change.ratings) rated") }
        if let status = change.status { parts.append("status \(status)") }
        if change.followed { parts.append("followed") }
        lines.append("  \(change.show) (show:\(change.id)): " + parts.joined(separator: ", "))
      }
    }
    lines.append(line)
    for entry in notFound { lines.append("  \(entry.show): \(entry.reason)") }
    if !missingEpisodes.isEmpty {
      let shown = missingEpisodes.prefix(10).map { "\($0.show) \($0.episode)" }
      let more = missingEpisodes.count > 10 ? ", and \(missingEpisodes.count - 10) more" : ""
      lines.append(
        "\(Thousands.grouped(missingEpisodes.count)) episode\(missingEpisodes.count == 1 ? "" : "s")"
          + " TVmaze does not list: " + shown.joined(separator: ", ") + more + ".")
    }
    if earlier > 0 {
      lines.append("\(Thousands.grouped(earlier)) marks take the earlier time the history gives.")
    }
    if rewatches > 0 {
      lines.append(
        "\(Thousands.grouped(rewatches)) rewatch\(rewatches == 1 ? "" : "es") counted in the "
          + "episodes' plays.")
    }
    if !leftOutWords.isEmpty {
      lines.append(leftOutWords.joined(separator: ", ") + " left out (shelf keeps TV shows).")
    }
    if let unmatchedFile {
      lines.append("The rows not matched are in \(unmatchedFile).")
    }
    return lines.map { .text(StyledText($0)) }
  }
}

import Foundation

/// Tells which export some files look like, for the one line that refuses a file given as the
/// wrong format. Archives and folders are told by their files' names alone (so that no file a
/// reader would not open is read); a single file by its name and its first bytes.
enum FormatSniffer {
  enum Guess: Equatable, CustomStringConvertible {
    case format(ImportFormat)
    /// A file `export` wrote: `import FILE` reads it.
    case shelfExport

    var description: String {
      switch self {
      case .format(let format): "\(format.exportDescription)"
      case .shelfExport: "shelf's own export (import it without --from)"
      }
    }
  }

  /// The names of TV Time's files that hold shows and episodes.
  static let tvTimeNames: Set<String> = [
    "tracking-prod-records-v2.csv", "tracking-prod-records.csv", "seen_episode.csv",
    "followed_tv_show.csv", "user_tv_show_data.csv", "watched_on_episode.csv",
    "rewatched_episode.csv", "seen_episode_source.csv",
  ]

  static func guess(_ export: ExportFiles) -> Guess? {
    let names = export.files.map { $0.name.lowercased() }
    if names.contains(where: tvTimeNames.contains) { return .format(.tvtime) }
    if names.contains(where: { $0.hasPrefix("netflixviewinghistory") }) {
      return .format(.netflix)
    }
    if names.contains(where: { $0.hasPrefix("seriesguide-shows") }) {
      return .format(.seriesguide)
    }
    if !export.isSingleFile {
      return names.contains(where: { TraktFileKind(fileName: $0) != nil }) ? .format(.trakt) : nil
    }
    guard let file = export.files.first, let data = try? file.read() else { return nil }
    return guess(contents: data.prefix(64 << 10), name: names.first ?? "")
  }

  private static func guess(contents: Data, name: String) -> Guess? {
    let text = String(decoding: contents, as: UTF8.self)
    let compact = text.filter { !$0.isWhitespace }
    if compact.contains("\"format\":\"shelf-export\"") { return .shelfExport }
    if compact.hasPrefix("[") || compact.hasPrefix("{") {
      if compact.contains("\"tvdb_id\"") || compact.contains("\"tmdb_id\""),
        compact.contains("\"seasons\"")
      {
        return .format(.seriesguide)
      }
      for key in ["\"watched_at\"", "\"last_watched_at\"", "\"rated_at\"", "\"listed_at\""]
      where compact.contains(key) {
        return .format(.trakt)
      }
      return nil
    }
    let header = text.split(whereSeparator: \.isNewline).first.map {
      $0.lowercased().replacingOccurrences(of: "\"", with: "").replacingOccurrences(
        of: "\u{FEFF}", with: "")
    }
    guard let header else { return nil }
    let columns = Set(header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    if columns == ["title", "date"] { return .format(.netflix) }
    if columns.isSuperset(of: ["media_id", "media_type", "source"]) { return .format(.yamtrack) }
    if columns.contains("tv_show_name") || columns.isSuperset(of: ["s_id", "series_name"]) {
      return .format(.tvtime)
    }
    return nil
  }
}

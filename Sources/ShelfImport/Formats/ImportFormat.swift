import Foundation

/// Reads one service's export into rows.
protocol HistoryReader {
  /// The rows of the export; throws when the files are not this service's export (the caller
  /// then says which format they look like).
  func read(_ export: ExportFiles) throws(ImportFileError) -> HistoryFile
}

/// The services whose exports `import --from` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
  case trakt, tvtime, seriesguide, yamtrack, netflix

  /// Its name as people write it.
  public var displayName: String {
    switch self {
    case .trakt: "Trakt"
    case .tvtime: "TV Time"
    case .seriesguide: "SeriesGuide"
    case .yamtrack: "Yamtrack"
    case .netflix: "Netflix"
    }
  }

  /// What the user gives: `a Trakt export (its zip, folder or one of its files)`.
  public var exportDescription: String {
    switch self {
    case .trakt: "Trakt's export (its zip, its folder or one of its files)"
    case .tvtime: "TV Time's data export (its zip or folder)"
    case .seriesguide: "a SeriesGuide backup of shows (JSON)"
    case .yamtrack: "Yamtrack's CSV export"
    case .netflix: "Netflix's viewing history (NetflixViewingHistory.csv)"
    }
  }

  private var reader: any HistoryReader {
    switch self {
    case .trakt: TraktReader()
    case .tvtime: TVTimeReader()
    case .seriesguide: SeriesGuideReader()
    case .yamtrack: YamtrackReader()
    case .netflix: NetflixReader()
    }
  }

  /// Reads the export at `path` (a zip, a folder or a file). One that is not this format is
  /// refused in one line that says what it looks like.
  public func read(_ path: String) throws(ImportFileError) -> HistoryFile {
    let export = try ExportFiles.open(path)
    let history: HistoryFile
    do {
      history = try reader.read(export)
    } catch {
      guard let other = FormatSniffer.guess(export), other != .format(self) else { throw error }
      throw mistaken(path, for: other)
    }
    // Nothing read, and the files are another service's: the wrong format was named.
    if history.rows.isEmpty, history.leftOut.isEmpty, let other = FormatSniffer.guess(export),
      other != .format(self)
    {
      throw mistaken(path, for: other)
    }
    return history
  }

  private func mistaken(_ path: String, for other: FormatSniffer.Guess) -> ImportFileError {
    ImportFileError(path: path, reason: "not a \(displayName) export; it looks like \(other)")
  }
}

import Foundation
import ShelfStore

/// A show as an export names it: the ids it has (TVmaze, TheTVDB, IMDb), else its title, with
/// the year and the country it gives (`Doctor Who (2005)`, `The Office (US)`).
public struct ShowReference: Hashable, Sendable, CustomStringConvertible {
  public var title: String
  public var year: Int?
  /// An ISO 3166 country code the title carried (`US` of `The Office (US)`).
  public var country: String?
  public var tvmaze: Int?
  public var thetvdb: Int?
  public var imdb: String?

  public init(
    title: String, year: Int? = nil, country: String? = nil, tvmaze: Int? = nil,
    thetvdb: Int? = nil, imdb: String? = nil
  ) {
    self.title = title
    self.year = year
    self.country = country
    self.tvmaze = tvmaze.flatMap { $0 > 0 ? $0 : nil }
    self.thetvdb = thetvdb.flatMap { $0 > 0 ? $0 : nil }
    self.imdb = imdb.flatMap { $0.hasPrefix("tt") && $0.count > 2 ? $0 : nil }
  }

  /// A reference from a title as trackers write it: a trailing `(2005)` is its year and a
  /// trailing `(US)` its country, unless `year` is given.
  public init(parsingTitle raw: String, year: Int? = nil, thetvdb: Int? = nil, imdb: String? = nil)
  {
    var title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    var parsedYear = year
    var country: String?
    if title.hasSuffix(")"), let open = title.lastIndex(of: "(") {
      let inside = title[title.index(after: open)..<title.index(before: title.endIndex)]
      let before = title[..<open].trimmingCharacters(in: .whitespaces)
      if !before.isEmpty, inside.count == 4, let number = Int(inside), (1900...2100) ~= number {
        parsedYear = parsedYear ?? number
        title = before
      } else if !before.isEmpty, inside.count == 2,
        inside.allSatisfy({ $0.isASCII && $0.isUppercase })
      {
        country = String(inside)
        title = before
      }
    }
    self.init(title: title, year: parsedYear, country: country, thetvdb: thetvdb, imdb: imdb)
  }

  /// `Doctor Who (2005)`, `The Office (US)`.
  public var description: String {
    var text = title
    if let year { text += " (\(year))" }
    if let country { text += " (\(country))" }
    return text
  }

  /// What tells one show from another within one export: its first id, else its title.
  public var key: String {
    if let tvmaze { return "tvmaze:\(tvmaze)" }
    if let thetvdb { return "thetvdb:\(thetvdb)" }
    if let imdb { return "imdb:\(imdb)" }
    return "title:\(TitleKey(title).text)|\(year.map(String.init) ?? "")|\(country ?? "")"
  }

  /// The ids and title of both, this one's first.
  func merged(with other: ShowReference) -> ShowReference {
    var merged = self
    merged.tvmaze = tvmaze ?? other.tvmaze
    merged.thetvdb = thetvdb ?? other.thetvdb
    merged.imdb = imdb ?? other.imdb
    merged.year = year ?? other.year
    merged.country = country ?? other.country
    if merged.title.isEmpty { merged.title = other.title }
    return merged
  }
}

/// An episode as an export names it: its season, and its number or its name (or both); a
/// name without a season (`White Collar: The Portrait` in a Netflix history) is looked for in
/// every season.
public struct EpisodeReference: Hashable, Sendable, CustomStringConvertible {
  public var season: Int?
  public var number: Int?
  public var name: String?
  /// TVmaze's id of the episode, where the export has it (shelf's own Yamtrack CSV).
  public var tvmaze: Int?

  public init(season: Int?, number: Int? = nil, name: String? = nil, tvmaze: Int? = nil) {
    self.season = season
    self.number = number
    self.tvmaze = tvmaze
    let trimmed = name?.trimmingCharacters(in: .whitespacesAndNewlines)
    self.name = trimmed?.isEmpty == false ? trimmed : nil
  }

  /// `S02E05`, `S02 "Name"`, `S02E05 "Name"`, `"Name"`.
  public var description: String {
    guard let season else { return name.map { "\"\($0)\"" } ?? "?" }
    var text = "S" + (season < 10 ? "0" : "") + String(season)
    if let number { text += "E" + (number < 10 ? "0" : "") + String(number) }
    if let name { text += " \"\(name)\"" }
    return text
  }
}

/// What one row of an export says.
public enum HistoryFact: Sendable, Equatable {
  /// One viewing of the episode, at that time when the export has it.
  case play(at: Date?)
  /// The episode was watched `plays` times, the time given being one of them (a summary, such
  /// as Trakt's watched shows, where the history has each play).
  case watched(at: Date?, plays: Int)
  /// The show's or the episode's rating, 1–10, and when it was given.
  case rating(Int, at: Date?)
  /// Where the show stands (`plan` from a watchlist, `dropped` from an archive).
  case status(TrackingStatus)
  /// The show is followed, with nothing else said.
  case followed
}

/// Where a row came from: the file and its line (CSV) or entry (JSON), for messages and for
/// the rows written back with `--unmatched`.
public struct RowOrigin: Sendable, Hashable, CustomStringConvertible {
  public var file: String
  public var position: Int
  public var isLine: Bool

  public init(file: String, line: Int) {
    self.file = file
    position = line
    isLine = true
  }

  public init(file: String, entry: Int) {
    self.file = file
    position = entry
    isLine = false
  }

  public var description: String { "\(file) \(isLine ? "line" : "entry") \(position)" }
}

/// One row of an export in the values every format reads into: the show, the episode when the
/// row is about one, and what it says of them.
public struct HistoryRow: Sendable {
  public var show: ShowReference
  public var episode: EpisodeReference?
  public var fact: HistoryFact
  public var origin: RowOrigin

  public init(
    show: ShowReference, episode: EpisodeReference? = nil, fact: HistoryFact, origin: RowOrigin
  ) {
    self.show = show
    self.episode = episode
    self.fact = fact
    self.origin = origin
  }
}

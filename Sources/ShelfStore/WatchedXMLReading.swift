import Foundation

extension WatchedDocument {
  /// The document of a `watched.plist` in the form `writeXML` writes it, read by
  /// `PropertyListXMLScanner` (20,000 marks in a few milliseconds, where `PropertyListDecoder`
  /// takes a good part of a second: a sync reads three versions of the file); nil when the
  /// bytes hold anything else (the decoder reads those). What it returns is what the decoder
  /// gives for the same bytes.
  public static func readXML(_ bytes: UnsafeRawBufferPointer) -> WatchedDocument? {
    var scanner = PropertyListXMLScanner(bytes)
    guard scanner.takeProlog(), scanner.take("<dict>") else { return nil }
    var document = WatchedDocument()
    var version: Int?
    var shows: [WatchedShow]?
    while !scanner.take("</dict>") {
      switch scanner.takeKey(["shows", "version"]) {
      case 0 where shows == nil:
        guard let read = readShows(&scanner) else { return nil }
        shows = read
      case 1 where version == nil:
        guard let read = scanner.takeInteger() else { return nil }
        version = read
      default:
        return nil
      }
    }
    guard let version, scanner.takeEnd() else { return nil }
    document.version = version
    document.shows = shows ?? []
    return document
  }

  private static func readShows(_ scanner: inout PropertyListXMLScanner) -> [WatchedShow]? {
    guard let open = scanner.takeArrayStart() else { return nil }
    var shows: [WatchedShow] = []
    guard open else { return shows }
    while !scanner.take("</array>") {
      guard scanner.take("<dict>") else { return nil }
      var showID: Int?
      var episodes: [WatchedEpisode]?
      while !scanner.take("</dict>") {
        switch scanner.takeKey(["episodes", "showId"]) {
        case 0 where episodes == nil:
          guard let read = readEpisodes(&scanner) else { return nil }
          episodes = read
        case 1 where showID == nil:
          guard let read = scanner.takeInteger() else { return nil }
          showID = read
        default:
          return nil
        }
      }
      guard let showID, let episodes else { return nil }
      shows.append(WatchedShow(showId: showID, episodes: episodes))
    }
    return shows
  }

  private static let episodeKeys: [StaticString] = [
    "id", "season", "number", "watchedAt", "plays", "lastWatchedAt",
  ]

  private static func readEpisodes(_ scanner: inout PropertyListXMLScanner) -> [WatchedEpisode]? {
    guard let open = scanner.takeArrayStart() else { return nil }
    var episodes: [WatchedEpisode] = []
    guard open else { return episodes }
    while !scanner.take("</array>") {
      guard scanner.take("<dict>") else { return nil }
      var id: Int?
      var season: Int?
      var number: Int?
      var plays: Int?
      var watchedAt: Date?
      var lastWatchedAt: Date?
      var seen = 0
      while !scanner.take("</dict>") {
        guard let key = scanner.takeKey(episodeKeys), seen & (1 << key) == 0 else { return nil }
        seen |= 1 << key
        switch key {
        case 0, 1, 2, 4:
          guard let value = scanner.takeInteger() else { return nil }
          switch key {
          case 0: id = value
          case 1: season = value
          case 2: number = value
          default: plays = value
          }
        default:
          guard let value = scanner.takeDate() else { return nil }
          if key == 3 { watchedAt = value } else { lastWatchedAt = value }
        }
      }
      guard let id else { return nil }
      // As `init(from:)` reads one: plays within their limits, a last watch only with plays.
      episodes.append(
        WatchedEpisode(
          id: id, season: season, number: number, watchedAt: watchedAt, plays: plays ?? 1,
          lastWatchedAt: lastWatchedAt))
    }
    return episodes
  }
}

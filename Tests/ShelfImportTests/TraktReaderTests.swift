import Foundation
import ShelfImport
import ShelfStore
import ShelfTestSupport
import XCTest

/// Trakt's export in its real layout: the files and field names of the zip Trakt's settings
/// give (as Yamtrack's importer reads them, github.com/FuzzyGrim/Yamtrack
/// `src/integrations/tests/mock_data/trakt_export/`; ids of the plex kind included), with the
/// history split into parts and a folder inside the zip, movies beside the shows.
final class TraktReaderTests: TemporaryDirectoryTestCase {
  static func show(_ title: String, year: Int, tvdb: Int, imdb: String) -> String {
    """
    {"ids": {"imdb": "\(imdb)", "plex": {"guid": "5d9c086d", "slug": "x"}, "slug": "x",
     "tmdb": 1668, "tvdb": \(tvdb), "trakt": 1657}, "year": \(year), "title": "\(title)",
     "aired_episodes": 228}
    """
  }

  static let friends = show("Friends", year: 1994, tvdb: 79168, imdb: "tt0108778")

  static func play(_ id: Int, at: String, season: Int, number: Int, title: String) -> String {
    """
    {"id": \(id), "watched_at": "\(at)", "action": "watch", "type": "episode",
     "episode": {"ids": {"imdb": null, "plex": {"guid": null}, "tmdb": 1, "tvdb": 2, "trakt": 3},
       "title": "\(title)", "number": \(number), "season": \(season)},
     "show": \(friends)}
    """
  }

  static let movie = """
    {"id": 10985573513, "watched_at": "2025-06-24T21:30:00.000Z", "action": "watch",
     "type": "movie", "movie": {"ids": {"imdb": "tt1167675", "slug": "saint-2010", "tmdb": 45756,
     "trakt": 31265}, "year": 2010, "title": "Saint"}}
    """

  private func writeExport() throws {
    try temporary.write(
      "export/watched/watched-history-1.json",
      "[\(Self.play(3, at: "2025-07-07T12:48:00.000Z", season: 1, number: 8, title: "The One Where Nana Dies Twice")),"
        + "\(Self.movie)]")
    try temporary.write(
      "export/watched/watched-history-2.json",
      "[\(Self.play(2, at: "2024-01-01T10:00:00.000Z", season: 1, number: 8, title: "The One Where Nana Dies Twice")),"
        + "\(Self.play(1, at: "2025-07-07T12:48:00.000Z", season: 0, number: 7, title: "The One Where They Got Back Together"))]"
    )
    try temporary.write(
      "export/watched/watched-shows.json",
      """
      [{"plays": 3, "last_watched_at": "2025-07-07T12:48:00.000Z",
        "last_updated_at": "2025-07-07T12:48:00.000Z", "reset_at": null, "show": \(Self.friends),
        "seasons": [{"number": 1, "episodes": [{"number": 8, "plays": 3,
          "last_watched_at": "2025-07-07T12:48:00.000Z"}]}]}]
      """)
    try temporary.write(
      "export/ratings/ratings-shows.json",
      """
      [{"rated_at": "2023-06-22T22:31:23.000Z", "rating": 8, "type": "show", "show": \(Self.friends)}]
      """)
    try temporary.write(
      "export/ratings/ratings-episodes.json",
      """
      [{"rated_at": "2024-07-25T20:16:29.000Z", "rating": 8, "type": "episode",
        "episode": {"season": 1, "number": 2, "title": "The One with the Sonogram at the End",
          "ids": {"trakt": 97993, "tvdb": 303822, "imdb": "tt0583647", "tmdb": 86012,
          "tvrage": null}}, "show": \(Self.friends)}]
      """)
    try temporary.write(
      "export/ratings/ratings-seasons.json",
      """
      [{"rated_at": "2024-07-25T20:16:29.000Z", "rating": 7, "type": "season",
        "season": {"number": 1, "ids": {"tvdb": 1, "tmdb": 2, "trakt": 3}}, "show": \(Self.friends)}]
      """)
    try temporary.write(
      "export/lists/lists-watchlist.json",
      """
      [{"type": "show", "show": \(Self.show("My Mister", year: 2018, tvdb: 341871, imdb: "tt7923710")),
        "rank": 3, "id": 1183101440, "listed_at": "2025-03-01T21:54:31.000Z", "notes": null,
        "my_rating": null},
       {"type": "movie", "movie": {"ids": {"imdb": "tt0156887", "tmdb": 10494, "trakt": 5677},
        "year": 1998, "title": "Perfect Blue"}, "rank": 1, "id": 1085775335,
        "listed_at": "2024-09-11T07:45:03.000Z", "notes": null, "my_rating": null}]
      """)
    try temporary.write("export/user/user-profile.json", #"{"username": "me"}"#)
  }

  static func describe(_ history: HistoryFile) -> [String] {
    history.rows.map { row in
      var text = row.show.description
      if let episode = row.episode { text += " " + episode.description }
      switch row.fact {
      case .play(let at): text += " play " + (at.map(WatchTime.format) ?? "-")
      case .watched(let at, let plays):
        text += " watched \(plays)x " + (at.map(WatchTime.format) ?? "-")
      case .rating(let value, _): text += " rated \(value)"
      case .status(let status): text += " status \(status.rawValue)"
      case .followed: text += " followed"
      }
      return text
    }
  }

  func testTheZipAndItsFolderReadEveryFileInTheirParts() throws {
    try writeExport()
    try ZipTool.zip(["export"], in: temporary.url, to: temporary.file("trakt.zip"))
    for path in [temporary.file("trakt.zip").path, temporary.file("export").path] {
      let history = try ImportFormat.trakt.read(path)
      XCTAssertEqual(
        Self.describe(history),
        [
          "Friends (1994) S01E08 \"The One Where Nana Dies Twice\" play 2025-07-07T12:48:00Z",
          "Friends (1994) S01E08 \"The One Where Nana Dies Twice\" play 2024-01-01T10:00:00Z",
          "Friends (1994) S00E07 \"The One Where They Got Back Together\" play 2025-07-07T12:48:00Z",
          "Friends (1994) S01E08 watched 3x 2025-07-07T12:48:00Z",
          "Friends (1994) S01E02 \"The One with the Sonogram at the End\" rated 8",
          "Friends (1994) rated 8",
          "My Mister (2018) status plan",
        ], path)
      XCTAssertEqual(history.leftOut, [.movie: 2, .seasonRating: 1], path)
      XCTAssertEqual(history.rows.first?.show.thetvdb, 79168)
      XCTAssertEqual(history.rows.first?.show.imdb, "tt0108778")
      XCTAssertEqual(history.shows.map(\.reference.title), ["Friends", "My Mister"])
    }
  }

  func testPartsAreReadInTheOrderOfTheirNumbers() throws {
    for part in [10, 2, 1] {
      try temporary.write(
        "parts/watched-history-\(part).json",
        "[" + Self.play(part, at: "2025-01-01T00:00:00.000Z", season: 1, number: part, title: "E")
          + "]")
    }
    let history = try ImportFormat.trakt.read(temporary.file("parts").path)
    XCTAssertEqual(history.rows.compactMap(\.episode?.number), [1, 2, 10])
  }

  func testOneFileIsToldByItsFieldsAndTheAPIsArrayIsStillRead() throws {
    try writeExport()
    let history = try ImportFormat.trakt.read(
      temporary.file("export/ratings/ratings-episodes.json").path)
    XCTAssertEqual(
      Self.describe(history),
      ["Friends (1994) S01E02 \"The One with the Sonogram at the End\" rated 8"])
    // `/sync/watched/shows` of the API, saved under another name.
    try FileManager.default.copyItem(
      at: temporary.file("export/watched/watched-shows.json"), to: temporary.file("api.json"))
    XCTAssertEqual(
      Self.describe(try ImportFormat.trakt.read(temporary.file("api.json").path)),
      ["Friends (1994) S01E08 watched 3x 2025-07-07T12:48:00Z"])
  }

  func testAFileOfAnotherServiceIsRefusedSayingWhatItLooksLike() throws {
    try temporary.write(
      "NetflixViewingHistory.csv", "Title,Date\n\"Friends: Season 1: Pilot\",1/2/22\n")
    XCTAssertThrowsError(
      try ImportFormat.trakt.read(temporary.file("NetflixViewingHistory.csv").path)
    ) { error in
      XCTAssertEqual(
        "\(error)",
        "cannot import \(temporary.file("NetflixViewingHistory.csv").path): not a Trakt export; "
          + "it looks like Netflix's viewing history (NetflixViewingHistory.csv)")
    }
    try temporary.write("shelf.json", #"{"format": "shelf-export", "version": 2}"#)
    XCTAssertThrowsError(try ImportFormat.trakt.read(temporary.file("shelf.json").path)) { error in
      XCTAssertTrue(
        "\(error)".hasSuffix("it looks like shelf's own export (import it without --from)"))
    }
    try temporary.write("broken.json", "[{\"show\": ")
    XCTAssertThrowsError(try ImportFormat.trakt.read(temporary.file("broken.json").path)) { error in
      XCTAssertTrue(
        "\(error)".hasSuffix(": not valid JSON (line 1, column 11: unexpected end of file)"),
        "\(error)")
    }
  }
}

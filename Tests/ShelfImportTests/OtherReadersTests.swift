import Foundation
import ShelfImport
import ShelfTestSupport
import XCTest

/// Netflix's viewing history, SeriesGuide's backup and Yamtrack's CSV in their real layouts:
/// Netflix's `Title,Date` (as Yamtrack's importer's sample has it), SeriesGuide's documented
/// backup schema (docs/backup-json-schema.md of its repository), Yamtrack's export columns.
final class OtherReadersTests: TemporaryDirectoryTestCase {
  func testNetflixTitlesGiveShowSeasonAndEpisodeNameAndFilmsAreCounted() throws {
    try temporary.write(
      "NetflixViewingHistory.csv",
      "\u{FEFF}Title,Date\r\n"
        + "\"White Collar: Season 2: Withdrawal\",\"12/12/22\"\r\n"
        + "\"Star Trek: Discovery: Season 1: Context Is for Kings\",\"11/11/21\"\r\n"
        + "\"Meet Joe Black\",\"9/9/23\"\r\n"
        + "\"White Collar: The Portrait\",\"6/6/20\"\r\n"
        + "\"Mission: Impossible\",\"6/7/20\"\r\n"
        + "\"Chernobyl: Limited Series: 1:23:45\",\"1/2/20\"\r\n")
    let history = try ImportFormat.netflix.read(temporary.file("NetflixViewingHistory.csv").path)
    XCTAssertEqual(
      TraktReaderTests.describe(history),
      [
        "White Collar S02 \"Withdrawal\" play 2022-12-12T12:00:00Z",
        "Star Trek: Discovery S01 \"Context Is for Kings\" play 2021-11-11T12:00:00Z",
        "Chernobyl S01 \"1:23:45\" play 2020-01-02T12:00:00Z",
        "White Collar \"The Portrait\" play 2020-06-06T12:00:00Z",
      ])
    XCTAssertEqual(history.leftOut, [.movie: 2])
  }

  func testNetflixDatesOfAnAccountOutsideTheUSAreDayFirst() throws {
    try temporary.write(
      "NetflixViewingHistory.csv",
      "Title,Date\n\"Dark: Season 1: Secrets\",\"31/12/2019\"\n\"Dark: Season 1: Lies\",\"1/2/2020\"\n"
    )
    let history = try ImportFormat.netflix.read(temporary.file("NetflixViewingHistory.csv").path)
    XCTAssertEqual(
      TraktReaderTests.describe(history),
      [
        "Dark S01 \"Secrets\" play 2019-12-31T12:00:00Z",
        "Dark S01 \"Lies\" play 2020-02-01T12:00:00Z",
      ])
  }

  func testASeriesGuideBackupGivesWatchedEpisodesRatingsAndHiddenShows() throws {
    try temporary.write(
      "seriesguide-shows-2026-07-20.json",
      """
      [{"tmdb_id": 68421, "tvdb_id": 332331, "imdb_id": "tt2261227", "trakt_id": 122265,
        "title": "Altered Carbon", "language": "en-US", "first_aired": "2018-02-02T08:00:00Z",
        "poster": "/95IsiH4p.jpg", "status": "canceled", "runtime": 50, "rating_user": 9,
        "favorite": false, "notify": true, "hidden": true, "last_watched_ms": 1614593199175,
        "seasons": [{"season": 1, "tmdb_id": "61343", "tvdb_id": 1234, "episodes": [
          {"tmdb_id": 991306, "tvdb_id": 1401623, "episode": 1, "title": "Out of the Past",
           "first_aired": 1517558400000, "watched": true, "plays": 2, "skipped": false,
           "collected": false, "rating_user": 8},
          {"episode": 2, "title": "Fallen Angel", "watched": false, "plays": 0}]}]}]
      """)
    let history = try ImportFormat.seriesguide.read(
      temporary.file("seriesguide-shows-2026-07-20.json").path)
    XCTAssertEqual(
      TraktReaderTests.describe(history),
      [
        "Altered Carbon (2018) followed", "Altered Carbon (2018) status dropped",
        "Altered Carbon (2018) rated 9",
        "Altered Carbon (2018) S01E01 \"Out of the Past\" watched 2x -",
        "Altered Carbon (2018) S01E01 \"Out of the Past\" rated 8",
      ])
    XCTAssertEqual(history.rows.first?.show.thetvdb, 332331)
  }

  func testYamtracksOwnExportIsReadByTitleAndItsOtherMediaCounted() throws {
    try temporary.write(
      "yamtrack.csv",
      "\"media_id\",\"source\",\"media_type\",\"title\",\"image\",\"season_number\","
        + "\"episode_number\",\"score\",\"progress\",\"status\",\"start_date\",\"end_date\","
        + "\"notes\",\"progressed_at\"\r\n"
        + "\"1668\",\"tmdb\",\"tv\",\"Friends\",\"https://image.tmdb.org/t/p/w500/x.jpg\",\"\",\"\","
        + "\"8.0\",\"24\",\"In progress\",\"2024-02-09\",\"2024-02-09\",\"\",\"2024-02-09T12:00:00Z\"\r\n"
        + "\"1668\",\"tmdb\",\"season\",\"Friends\",\"\",\"1\",\"\",\"8.0\",\"24\",\"Completed\","
        + "\"2024-02-09\",\"2024-02-09\",\"\",\"2024-02-09T12:00:00Z\"\r\n"
        + "\"1668\",\"tmdb\",\"episode\",\"Friends\",\"\",\"1\",\"24\",\"\",\"\",\"\",\"\","
        + "\"2024-02-09\",\"\",\"2024-02-09T12:00:00Z\"\r\n"
        + "\"10494\",\"tmdb\",\"movie\",\"Perfect Blue\",\"\",\"\",\"\",\"9.0\",\"1\",\"Completed\","
        + "\"\",\"2024-02-09\",\"\",\"\"\r\n"
        + "\"227\",\"mal\",\"anime\",\"FLCL\",\"\",\"\",\"\",\"\",\"2\",\"In progress\",\"\",\"\","
        + "\"\",\"\"\r\n")
    let history = try ImportFormat.yamtrack.read(temporary.file("yamtrack.csv").path)
    XCTAssertEqual(
      TraktReaderTests.describe(history),
      [
        "Friends followed", "Friends status watching", "Friends rated 8",
        "Friends S01E24 watched 1x 2024-02-09T12:00:00Z",
      ])
    XCTAssertNil(history.rows.first?.show.thetvdb, "TMDB ids are not TVmaze's: by title")
    XCTAssertEqual(history.leftOut, [.movie: 1, .otherMedia: 1, .seasonRating: 1])
  }
}

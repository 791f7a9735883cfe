import Foundation
import ShelfImport
import ShelfTestSupport
import XCTest

/// TV Time's data export with its real file names and headers (as an audit of a real export
/// and the importers of Yamtrack and TvTimeToTrakt list them), UTF-8 with a byte order mark and
/// CRLF as TV Time writes them; account files beside them that must never be opened.
final class TVTimeReaderTests: TemporaryDirectoryTestCase {
  static let bom = "\u{FEFF}"

  static let recordsV2 =
    bom
    + "key,user_id,created_at,s_id,ep_id,gsi,updated_at,is_followed,is_archived,is_for_later,"
    + "uuid,s_no,rewatch_count,ep_no,movie_name,series_name,season_number,episode_number\r\n"
    + "abc1,7,2021-01-01 10:00:00,81189,349232,watch-episode-1,2021-01-01 10:00:00,,,,,1,0,1,,"
    + "Breaking Bad,1,1\r\n"
    + "abc2,7,2021-01-02 10:00:00,81189,349235,watch-episode-2,2021-01-02 10:00:00,,,,,1,0,2,,"
    + "Breaking Bad,1,2\r\n"
    + "abc3,7,2022-03-01 10:00:00,81189,349232,,2022-03-01 10:00:00,,,,,1,1,1,,"
    + "Breaking Bad,1,1\r\n"
    + "user-series-043c7cb1,7,2020-12-31 09:00:00,81189,,,,true,false,false,043c7cb1,,,,,"
    + "Breaking Bad,,\r\n"
    + "user-series-07ba252b,7,2019-01-01 09:00:00,73739,,,,false,true,false,07ba252b,,,,,"
    + "Lost,,\r\n"
    + "user-series-085b1e9e,7,2019-01-01 09:00:00,305288,,,,true,false,true,085b1e9e,,,,,"
    + "Stranger Things,,\r\n"
    + "tracking-stats,7,2021-01-01 10:00:00,,,,,,,,,,,,,,,\r\n"
    + "abc4,7,2021-05-01 10:00:00,,,,,,,,,,,,\"Dune, Part One\",,,\r\n"

  static let followed =
    bom
    + "notification_type,archived,tv_show_name,created_at,active,diffusion,folder_id,"
    + "notification_offset,user_id,tv_show_id,updated_at\r\n"
    + "2,0,Breaking Bad,2020-12-31 09:00:00,1,original,,1440,7,81189,2020-12-31 09:00:00\r\n"
    + "2,1,Once Upon a Time (2011),2018-04-20 10:36:59,1,original,,1440,7,248835,"
    + "2018-04-20 10:36:59\r\n"

  static let seenEpisode =
    bom + "user_id,episode_id,created_at,updated_at,tv_show_name,episode_season_number,"
    + "episode_number\r\n"
    + "7,4135634,2018-04-20 10:40:00,2018-04-20 10:40:00,Once Upon a Time (2011),1,1\r\n"
    + "7,4135635,2018-04-20 11:40:00,2018-04-20 11:40:00,\"Law & Order: Special Victims Unit\",1,1\r\n"

  static let rewatched =
    bom + "episode_id,cpt,created_at,updated_at,tv_show_name,episode_season_number,episode_number,"
    + "user_id\r\n"
    + "4135634,2,2019-11-09 15:35:27,2019-11-09 15:35:27,Once Upon a Time (2011),1,1,7\r\n"

  func testTheV2RecordsCountRewatchesAndTheSeriesRowsGiveTheStatuses() throws {
    try temporary.write("gdpr/tracking-prod-records-v2.csv", Self.recordsV2)
    try temporary.write("gdpr/followed_tv_show.csv", Self.followed)
    let history = try ImportFormat.tvtime.read(temporary.file("gdpr").path)
    XCTAssertEqual(
      TraktReaderTests.describe(history),
      [
        "Breaking Bad S01E01 watched 2x 2021-01-01T10:00:00Z",
        "Breaking Bad S01E02 watched 1x 2021-01-02T10:00:00Z",
        "Breaking Bad followed",
        "Once Upon a Time (2011) status dropped",
        "Lost status dropped",
        "Stranger Things status plan",
      ])
    XCTAssertEqual(history.rows.first?.show.thetvdb, 81189)
    XCTAssertEqual(history.leftOut, [.movie: 1])
  }

  func testTheOlderFilesFindTheirShowsIdsByNameAndTheRewatchesAreCounted() throws {
    try temporary.write("gdpr/seen_episode.csv", Self.seenEpisode)
    try temporary.write("gdpr/rewatched_episode.csv", Self.rewatched)
    try temporary.write("gdpr/followed_tv_show.csv", Self.followed)
    let history = try ImportFormat.tvtime.read(temporary.file("gdpr").path)
    XCTAssertEqual(
      TraktReaderTests.describe(history),
      [
        "Once Upon a Time (2011) S01E01 watched 1x 2018-04-20T10:40:00Z",
        "Law & Order: Special Victims Unit S01E01 watched 1x 2018-04-20T11:40:00Z",
        "Once Upon a Time (2011) S01E01 watched 3x 2019-11-09T15:35:27Z",
        "Breaking Bad followed",
        "Once Upon a Time (2011) status dropped",
      ])
    XCTAssertEqual(history.rows.first?.show.thetvdb, 248835, "the id followed_tv_show gives")
    XCTAssertNil(history.rows[1].show.thetvdb, "a name no file gives an id: found by title")
    XCTAssertEqual(history.shows.count, 3)
  }

  func testTheAccountFilesAreNeverOpened() throws {
    try temporary.write("gdpr/tracking-prod-records-v2.csv", Self.recordsV2)
    // Reading these would fail: a pipe in the folder, an encrypted entry in the zip.
    XCTAssertEqual(mkfifo(temporary.file("gdpr/access_token.csv").path, 0o600), 0)
    XCTAssertEqual(try ImportFormat.tvtime.read(temporary.file("gdpr").path).rows.count, 5)
    try FileManager.default.removeItem(at: temporary.file("gdpr/access_token.csv"))
    try temporary.write("gdpr/auth-prod-login.csv", "password_hash\r\nsecret\r\n")
    let zip = temporary.file("gdpr.zip")
    try ZipTool.zip(["tracking-prod-records-v2.csv"], in: temporary.file("gdpr"), to: zip)
    try ZipTool.zip(
      ["auth-prod-login.csv"], in: temporary.file("gdpr"), to: zip, options: ["-P", "pw"])
    XCTAssertEqual(try ImportFormat.tvtime.read(zip.path).rows.count, 5)
  }

  func testFiftyThousandRowsAreRead() throws {
    var text =
      Self.bom + "key,user_id,created_at,s_id,ep_id,series_name,season_number,episode_number\r\n"
    for index in 0..<50_000 {
      let show = 70_000 + index / 500
      text +=
        "k\(index),7,2020-01-01 10:00:00,\(show),\(index),Show \(show),\(index / 100 % 5 + 1),"
      text += "\(index % 100 + 1)\r\n"
    }
    try temporary.write("gdpr/tracking-prod-records-v2.csv", text)
    let history = try ImportFormat.tvtime.read(temporary.file("gdpr").path)
    XCTAssertEqual(history.rows.count, 50_000)
    XCTAssertEqual(history.shows.count, 100)
    XCTAssertEqual(history.shows.last?.rows.count, 500)
  }

  func testAFolderWithoutTVTimesFilesIsRefused() throws {
    try temporary.write("gdpr/user.csv", "id\r\n1\r\n")
    XCTAssertThrowsError(try ImportFormat.tvtime.read(temporary.file("gdpr").path)) { error in
      XCTAssertEqual(
        "\(error)",
        "cannot import \(temporary.file("gdpr").path): not a TV Time export (it has none of "
          + "TV Time's show files)")
    }
  }
}

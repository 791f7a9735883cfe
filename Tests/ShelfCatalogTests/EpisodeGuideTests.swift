import Foundation
import ShelfDomain
import XCTest

final class EpisodeGuideTests: XCTestCase {
  private func capture() throws -> [Episode] {
    try JSONDecoder().decode([Episode].self, from: Paths.fixture("show-1-episodes.json"))
  }

  func testTheRealCaptureDecodesIntoThreeSeasons() throws {
    let guide = EpisodeGuide(try capture())
    XCTAssertEqual(guide.episodes.count, 39)
    XCTAssertEqual(guide.seasonNumbers, [1, 2, 3])
    let seasons = guide.seasons(watched: [1, 2])
    XCTAssertEqual(seasons.map(\.episodeCount), [13, 13, 13])
    XCTAssertEqual(seasons[0].firstAirdate, "2013-06-24")
    XCTAssertEqual(seasons[0].watchedCount, 2)
    XCTAssertEqual(seasons[2].lastAirdate, "2015-09-10")
    XCTAssertEqual(guide.episodes[0].code, "S01E01")
    XCTAssertEqual(guide.episode(EpisodeCode(season: 2, number: 5))?.code, "S02E05")
    XCTAssertEqual(guide.episode(EpisodeCode(season: nil, number: 3), inSeason: 3)?.code, "S03E03")
  }

  func testCodesParseAsPeopleTypeThem() {
    XCTAssertEqual(EpisodeCode(parsing: "S01E03"), EpisodeCode(season: 1, number: 3))
    XCTAssertEqual(EpisodeCode(parsing: "s2e5"), EpisodeCode(season: 2, number: 5))
    XCTAssertEqual(EpisodeCode(parsing: "S2012"), EpisodeCode(season: 2012, number: nil))
    XCTAssertEqual(EpisodeCode(parsing: "E3"), EpisodeCode(season: nil, number: 3))
    for bad in ["", "S", "E", "3", "S1X", "SE1", "S1E", "S١E1", "S1234567"] {
      XCTAssertNil(EpisodeCode(parsing: bad), bad)
    }
    XCTAssertEqual(EpisodeCode(season: 2012, number: 5).description, "S2012E05")
    XCTAssertEqual(EpisodeCode(season: 1, number: nil).description, "S01 special")
  }

  func testNextUpIsTheFirstAiredUnwatchedEpisode() throws {
    let episodes = try capture()
    let guide = EpisodeGuide(episodes)
    let now = try XCTUnwrap(AirTime.parse("2014-07-02T00:00:00+00:00"))
    // S02E01 aired at 2014-07-01T03:00Z: by the next day S01 (13) and S02E01 have aired.
    let first = try XCTUnwrap(guide.nextUp(watched: [], now: now))
    XCTAssertEqual(first.episode.code, "S01E01")
    XCTAssertEqual(first.left, 14)
    let watched = Set(
      guide.episodes(through: try XCTUnwrap(guide.episode(EpisodeCode(season: 1, number: 13)))).map(
        \.id))
    XCTAssertEqual(watched.count, 13)
    let next = try XCTUnwrap(guide.nextUp(watched: watched, now: now))
    XCTAssertEqual(next.episode.code, "S02E01")
    XCTAssertEqual(next.left, 1)
    XCTAssertNil(guide.nextUp(watched: Set(episodes.map(\.id)), now: now))
  }

  func testUpcomingKeepsTheNextDaysInTimeOrder() throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let episodes = [0.5, 3, -1, 8, 6.9].enumerated().map { index, days in
      Episode(
        id: index + 1, name: "Episode \(index + 1)", season: 1, number: index + 1,
        airstamp: ISO8601DateFormatter().string(from: now.addingTimeInterval(days * 86_400)))
    }
    let guide = EpisodeGuide(episodes)
    XCTAssertEqual(guide.upcoming(from: now, days: 7).map(\.id), [1, 2, 5])
    XCTAssertEqual(guide.upcoming(from: now, days: 1).map(\.id), [1])
  }

  func testLocalTimesHonourTheTimeZone() throws {
    let date = try XCTUnwrap(AirTime.parse("2013-06-25T03:00:00+00:00"))
    let newYork = try XCTUnwrap(TimeZone(identifier: "America/New_York"))
    XCTAssertEqual(AirTime.weekdayAndTime(date, in: newYork), "Mon 24 Jun 23:00")
    let tokyo = try XCTUnwrap(TimeZone(identifier: "Asia/Tokyo"))
    XCTAssertEqual(AirTime.weekdayAndTime(date, in: tokyo), "Tue 25 Jun 12:00")
    let now = try XCTUnwrap(AirTime.parse("2013-06-18T12:00:00+00:00"))
    XCTAssertEqual(AirTime.relative(date, from: now, in: newYork), "in 6 days")
    XCTAssertEqual(AirTime.relative(date, from: now, in: tokyo), "in 7 days")
    XCTAssertEqual(AirTime.relative(now, from: date, in: tokyo), "7 days ago")
  }
}

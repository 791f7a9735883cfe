import Foundation
import ShelfDomain
import ShelfStore
import XCTest

@testable import ShelfImport

/// The one matcher's rules on TVmaze's real search results (`search-shows-girls.json`, a
/// capture of `/search/shows?q=girls`), and what a show's rows come to.
final class MatchingTests: XCTestCase {
  private func girls() throws -> [Show] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(
        "ShelfTVTests/Fixtures/search-shows-girls.json")
    return try JSONDecoder().decode([ShowSearchResult].self, from: Data(contentsOf: url)).map(
      \.show)
  }

  private func show(_ id: Int, _ name: String, premiered: String, country: String) throws -> Show {
    let json: [String: Any] = [
      "id": id, "name": name, "premiered": premiered,
      "network": ["id": 1, "name": "Net", "country": ["code": country]],
    ]
    return try JSONDecoder().decode(Show.self, from: JSONSerialization.data(withJSONObject: json))
  }

  func testATitleIsTakenOnlyWhenExactlyOneShowHasIt() throws {
    guard
      case .found(let found, _) = ShowMatcher.pick(try girls(), for: ShowReference(title: "girls"))
    else { return XCTFail("Girls is the one show of that name") }
    XCTAssertEqual(found.id, 139)
    guard
      case .notFound(.noTitleMatch(let closest)) = ShowMatcher.pick(
        try girls(), for: ShowReference(title: "Bad Girls"))
    else { return XCTFail("no show is named Bad Girls") }
    XCTAssertEqual(closest.first?.description, "Girls (2012, show:139)")
    XCTAssertEqual(closest.count, 5)
  }

  func testSeveralShowsOfOneTitleAreNotFoundWithThemListedUnlessTheYearOrCountryTells() throws {
    let offices = [
      try show(526, "The Office", premiered: "2005-03-24", country: "US"),
      try show(530, "The Office", premiered: "2001-07-09", country: "GB"),
    ]
    guard
      case .notFound(let reason) = ShowMatcher.pick(
        offices, for: ShowReference(title: "The Office"))
    else { return XCTFail("two shows are named The Office") }
    XCTAssertEqual(
      reason.description,
      "2 shows have that title: The Office (2005, show:526), The Office (2001, show:530)")
    for reference in [
      ShowReference(parsingTitle: "The Office (US)"),
      ShowReference(title: "The Office", year: 2005),
    ] {
      guard case .found(let found, _) = ShowMatcher.pick(offices, for: reference) else {
        return XCTFail("\(reference) tells them apart")
      }
      XCTAssertEqual(found.id, 526)
    }
  }

  func testEpisodesByNumberElseByNameAndSpecialsByName() {
    var special = Episode(
      id: 99, name: "The One Where They Got Back Together", season: 3, number: nil)
    special.type = "significant_special"
    let finder = EpisodeFinder(
      episodes: [
        Episode(id: 1, name: "Pilot", season: 1, number: 1),
        Episode(id: 2, name: "The Sonogram at the End", season: 1, number: 2),
        Episode(id: 3, name: "Pilot", season: 2, number: 1),
      ], specials: [special])
    XCTAssertEqual(finder.find(EpisodeReference(season: 1, number: 2))?.id, 2)
    XCTAssertEqual(
      finder.find(EpisodeReference(season: 1, number: 40, name: "the sonogram at the end!"))?.id, 2)
    XCTAssertEqual(finder.find(EpisodeReference(season: 2, name: "Pilot"))?.id, 3)
    XCTAssertNil(finder.find(EpisodeReference(season: nil, name: "Pilot")), "two are named Pilot")
    XCTAssertEqual(
      finder.find(
        EpisodeReference(season: 0, number: 7, name: "The One Where They Got Back Together"))?.id,
      99)
    XCTAssertNil(
      finder.find(EpisodeReference(season: 0, number: 7)), "a special has no number here")
    XCTAssertEqual(finder.find(EpisodeReference(season: 3, tvmaze: 99))?.id, 99)
  }

  func testAShowsRowsKeepTheEarliestTimeTheMostPlaysAndTheLatestRating() {
    let reference = ShowReference(title: "Friends", thetvdb: 79168)
    let origin = RowOrigin(file: "x", entry: 1)
    func at(_ text: String) -> Date? { WatchTime.parse(text) }
    let rows = [
      HistoryRow(
        show: reference, episode: EpisodeReference(season: 1, number: 1),
        fact: .play(at: at("2025-01-01T00:00:00Z")), origin: origin),
      HistoryRow(
        show: reference, episode: EpisodeReference(season: 1, number: 1),
        fact: .play(at: at("2024-01-01T00:00:00Z")), origin: origin),
      HistoryRow(
        show: reference, episode: EpisodeReference(season: 1, number: 1),
        fact: .watched(at: at("2025-01-01T00:00:00Z"), plays: 2), origin: origin),
      HistoryRow(
        show: reference, episode: EpisodeReference(season: 1, number: 2),
        fact: .watched(at: at("2099-01-01T00:00:00Z"), plays: 5), origin: origin),
      HistoryRow(show: reference, fact: .rating(9, at: at("2024-01-01T00:00:00Z")), origin: origin),
      HistoryRow(show: reference, fact: .rating(6, at: at("2023-01-01T00:00:00Z")), origin: origin),
      HistoryRow(
        show: reference, episode: EpisodeReference(season: 7, number: 1), fact: .play(at: nil),
        origin: origin),
      HistoryRow(show: reference, fact: .status(.plan), origin: origin),
    ]
    let plan = ShowPlan(
      history: ShowHistory(reference: reference, rows: rows), show: Show(id: 431, name: "Friends"),
      finder: EpisodeFinder(episodes: [
        Episode(id: 1, name: "Pilot", season: 1, number: 1),
        Episode(id: 2, name: "Two", season: 1, number: 2),
      ]), now: at("2026-01-01T00:00:00Z")!)
    XCTAssertEqual(
      plan.imported.marks,
      [
        WatchedEpisode(
          id: 1, season: 1, number: 1, watchedAt: at("2024-01-01T00:00:00Z"), plays: 2,
          lastWatchedAt: at("2025-01-01T00:00:00Z")),
        WatchedEpisode(id: 2, season: 1, number: 2, watchedAt: nil, plays: 5),
      ])
    XCTAssertEqual(
      plan.imported.rating, ImportedShow.Rating(value: 9, at: at("2024-01-01T00:00:00Z")))
    XCTAssertEqual(plan.imported.status, .plan)
    XCTAssertEqual(plan.missing.map { $0.episode?.description }, ["S07E01"])
  }
}

import Foundation
import ShelfDomain
import XCTest

final class ShowDecodingTests: XCTestCase {
  /// `Fixtures/shows-page-1.json`: a 2016 capture of `GET /shows?page=1` (CC BY-SA 4.0,
  /// "Data provided by TVmaze.com"; see `Fixtures/NOTICE.md`).
  private func page1() throws -> [Show] {
    try ShowList.decode(Paths.fixture("shows-page-1.json"))
  }

  private func show(_ id: Int, file: StaticString = #filePath, line: UInt = #line) throws -> Show {
    try XCTUnwrap(try page1().first { $0.id == id }, "show \(id)", file: file, line: line)
  }

  private func decode(_ json: String) throws -> Show {
    try JSONDecoder().decode(Show.self, from: Data(json.utf8))
  }

  func testThe2016CaptureDecodes() throws {
    let shows = try page1()
    XCTAssertEqual(shows.count, 245)
    XCTAssertEqual(shows.first?.id, 250)
    XCTAssertEqual(shows.first?.name, "Kirby Buckets")
    XCTAssertTrue(shows.allSatisfy { (250...499).contains($0.id) && !$0.name.isEmpty })
  }

  func testThe2016CaptureHasNoLaterFields() throws {
    let kirby = try show(250)
    XCTAssertNil(kirby.officialSite)
    XCTAssertNil(kirby.averageRuntime)
    XCTAssertNil(kirby.ended)
    XCTAssertEqual(kirby.runtime, 30)
    XCTAssertEqual(kirby.premiered, "2014-10-20")
    XCTAssertEqual(kirby.genres, ["Comedy"])
    XCTAssertEqual(kirby.schedule?.days, ["Wednesday"])
    XCTAssertEqual(kirby.schedule?.time, "20:00")
    XCTAssertEqual(kirby.network?.name, "Disney XD")
    XCTAssertEqual(kirby.network?.country?.code, "US")
    XCTAssertEqual(
      kirby.image?.medium, "http://tvmazecdn.com/uploads/images/medium_portrait/1/4600.jpg")
    XCTAssertEqual(kirby.imdbID, "tt3544772")
    XCTAssertEqual(kirby.imdbURL, "https://www.imdb.com/title/tt3544772")
    XCTAssertEqual(kirby.updated, 1_469_967_834)
  }

  func testNullRatingNetworkAndIMDbBecomeNil() throws {
    XCTAssertNil(try show(250).rating?.average, "rating.average is null")
    XCTAssertNotNil(try show(250).rating)

    let webOnly = try show(267)
    XCTAssertNil(webOnly.network, "network is null")
    XCTAssertEqual(webOnly.webChannel?.name, "Netflix")

    let noIMDb = try show(254)
    XCTAssertNotNil(noIMDb.externals)
    XCTAssertNil(noIMDb.externals?.imdb)
    XCTAssertNil(noIMDb.imdbID)
    XCTAssertNil(noIMDb.imdbURL)
    XCTAssertEqual(noIMDb.rating?.average, 9)
  }

  func testAShowWithNullObjectsHasNilFields() throws {
    let show = try decode(
      """
      {"id": 7, "name": "Sparse", "rating": null, "network": null, "webChannel": null,
       "externals": null, "image": null, "summary": null, "genres": null, "schedule": null,
       "runtime": null, "premiered": null, "weight": 0, "_links": {}}
      """)
    XCTAssertEqual(show.id, 7)
    XCTAssertEqual(show.name, "Sparse")
    XCTAssertNil(show.rating)
    XCTAssertNil(show.network)
    XCTAssertNil(show.webChannel)
    XCTAssertNil(show.externals)
    XCTAssertNil(show.imdbID)
    XCTAssertNil(show.image)
    XCTAssertNil(show.summary)
    XCTAssertNil(show.genres)
  }

  func testOnlyIDAndNameAreRequired() throws {
    XCTAssertEqual(try decode(#"{"id": 1, "name": "Minimal"}"#), Show(id: 1, name: "Minimal"))
    XCTAssertThrowsError(try decode(#"{"id": 1}"#))
    XCTAssertThrowsError(try decode(#"{"name": "No id"}"#))
  }

  /// A show whose `externals.imdb` is `value` (null when nil), decoded as the API sends it.
  private func show(imdb value: String?) throws -> Show {
    let externals: [String: Any] = ["imdb": value.map { $0 as Any } ?? NSNull()]
    let json: [String: Any] = ["id": 1, "name": "Test", "externals": externals]
    return try JSONDecoder().decode(Show.self, from: JSONSerialization.data(withJSONObject: json))
  }

  func testIMDbIDMustBeTTAndDigits() throws {
    func imdbID(_ value: String?) throws -> String? {
      try show(imdb: value).imdbID
    }
    XCTAssertEqual(try imdbID("tt0944947"), "tt0944947")
    XCTAssertEqual(try imdbID("tt1"), "tt1")
    for bad in ["tt12a", "12345", "", "tt", "TT0944947", "tt 0944947", "tt0944947/", "tt１２"] {
      XCTAssertNil(try imdbID(bad), "\"\(bad)\"")
    }
    XCTAssertNil(try imdbID(nil))
    XCTAssertNil(try show(imdb: nil).externals?.imdb)
    XCTAssertNil(Show(id: 1, name: "No externals").imdbID)
  }

  func testIMDbURLUsesTheID() throws {
    XCTAssertEqual(try show(imdb: "tt0944947").imdbURL, "https://www.imdb.com/title/tt0944947")
    XCTAssertNil(try show(imdb: "tt12a").imdbURL)
  }

  func testRoundTripsThroughJSON() throws {
    let original = try show(250)
    let data = try JSONEncoder().encode(original)
    XCTAssertEqual(try JSONDecoder().decode(Show.self, from: data), original)
  }

  func testRoundTripsThroughAPropertyList() throws {
    let shows = try page1()
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    let data = try encoder.encode(shows)
    XCTAssertEqual(try PropertyListDecoder().decode([Show].self, from: data), shows)
  }

  func testSearchResultsDecode() throws {
    let json = #"[{"score": 17.5, "show": {"id": 139, "name": "Girls"}}]"#
    let results = try JSONDecoder().decode([ShowSearchResult].self, from: Data(json.utf8))
    XCTAssertEqual(results.map(\.show.name), ["Girls"])
    XCTAssertEqual(results.first?.score, 17.5)
  }

  func testMalformedListIsAnError() {
    XCTAssertThrowsError(try ShowList.decode(Data(#"[{"id": 1, "name": "Trunc"#.utf8)))
    XCTAssertThrowsError(try ShowList.decode(Data(#"{"id": 1, "name": "Not a list"}"#.utf8)))
  }
}

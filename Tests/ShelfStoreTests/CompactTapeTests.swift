import Foundation
import ShelfDomain
import ShelfStorage
import XCTest

@testable import ShelfStore

/// Shows written on a `CompactTape` (the favourites' copy in the cache directory) read back as
/// the same show, every field; a tape that is cut short or altered never reads as a show.
final class CompactTapeTests: XCTestCase {
  /// A show with every field, nested ones with some of theirs absent.
  private func everyField() throws -> Show {
    try JSONDecoder().decode(
      Show.self,
      from: Data(
        """
        {"id": 82, "name": "Game of Thrones « ♛ »",
         "url": "https://www.tvmaze.com/shows/82/game-of-thrones", "type": "Scripted",
         "language": "English", "genres": ["Drama", "", "Fantasy"], "status": "Ended",
         "runtime": 60, "averageRuntime": 58, "premiered": "2011-04-17", "ended": "2019-05-19",
         "officialSite": "http://www.hbo.com/game-of-thrones",
         "schedule": {"time": "21:00", "days": ["Sunday"]}, "rating": {"average": 8.9},
         "network": {"id": 8, "name": "HBO", "country": {"name": "United States", "code": "US"}},
         "webChannel": {"country": {}}, "externals": {"imdb": "tt0944947"},
         "image": {"medium": "https://static.tvmaze.com/m.jpg"},
         "summary": "<p>Seven noble families &amp; one throne.</p>", "updated": 1700000000}
        """.utf8))
  }

  private func readShows(_ tape: CompactTape, count: Int) throws -> [Show] {
    var reader = CompactTapeReader(numbers: tape.numbers, text: tape.text)
    let shows = try (0..<count).map { _ in try Show(tape: &reader) }
    XCTAssertTrue(reader.isAtEnd)
    return shows
  }

  func testShowsReadBackWithEveryFieldAndEveryAbsence() throws {
    let bare = try JSONDecoder().decode(
      Show.self, from: Data(#"{"id": 1, "name": "", "rating": {}, "genres": []}"#.utf8))
    let shows = [try everyField(), Show(id: 2, name: "Only a name"), bare]
    XCTAssertNotNil(shows[0].webChannel?.country)
    XCTAssertNotNil(shows[2].rating)
    var tape = CompactTape()
    for show in shows { show.put(on: &tape) }
    XCTAssertEqual(try readShows(tape, count: shows.count), shows)
  }

  func testATapeCutShortOrAlteredReadsAsNoShow() throws {
    var tape = CompactTape()
    try everyField().put(on: &tape)
    let numbers = tape.numbers
    let text = tape.text
    for cut in [0, 1, numbers.count / 2, numbers.count - 1] {
      var reader = CompactTapeReader(numbers: Array(numbers.prefix(cut)), text: text)
      XCTAssertThrowsError(try Show(tape: &reader), "numbers cut at \(cut)")
    }
    var shortText = CompactTapeReader(numbers: numbers, text: Array(text.dropLast()))
    XCTAssertThrowsError(try Show(tape: &shortText))
    // The name's length made longer than the text, then a presence marker that is not one.
    var longName = numbers
    longName[1] = Int64(text.count + 1)
    var reader = CompactTapeReader(numbers: longName, text: text)
    XCTAssertThrowsError(try Show(tape: &reader))
    var badMarker = numbers
    badMarker[2] = 7
    reader = CompactTapeReader(numbers: badMarker, text: text)
    XCTAssertThrowsError(try Show(tape: &reader))
  }
}

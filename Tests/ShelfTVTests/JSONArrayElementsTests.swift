import Foundation
import ShelfDomain
import XCTest

@testable import ShelfTV

/// The elements of a JSON array found in its text, whatever their strings hold: each range
/// decodes alone as the element it was.
final class JSONArrayElementsTests: XCTestCase {
  private func elements(_ json: String) -> [String] {
    let data = Data(json.utf8)
    return JSONArrayElements.ranges(in: data).map { String(decoding: data[$0], as: UTF8.self) }
  }

  func testEachElementIsCutAtTheArraysOwnCommas() {
    XCTAssertEqual(elements("[]"), [])
    XCTAssertEqual(elements("[1,2.5,-3]"), ["1", "2.5", "-3"])
    XCTAssertEqual(
      elements(#"[{"a":"x, y}]"},["[",{"b":[1,2]}],"q\"uo,te\\",null,true]"#),
      [#"{"a":"x, y}]"}"#, #"["[",{"b":[1,2]}]"#, #""q\"uo,te\\""#, "null", "true"])
    XCTAssertEqual(elements(" [ {\"a\":1} , {\"b\":2} ] "), ["{\"a\":1} ", "{\"b\":2} "])
    XCTAssertEqual(elements("{\"a\":[1,2]}"), [], "not an array")
  }

  func testEncodedEpisodesAreCutIntoEpisodesThatDecodeAlone() throws {
    var second = Episode(id: 2, name: "The \"End\", {part 2}", season: 1, number: 2)
    second.summary = "<p>Commas, brackets ] and \\ backslashes.</p>"
    let episodes = [Episode(id: 1, name: "Pilot", season: 1, number: 1), second]
    let json = try JSONCoding.encoder().encode(episodes)
    let decoded = try JSONArrayElements.ranges(in: json).map {
      try JSONDecoder().decode(Episode.self, from: json[$0])
    }
    XCTAssertEqual(decoded, episodes)
  }
}

import ShelfDomain
import XCTest

/// The table `stats` and up next count runtimes and watched episodes with gives what a
/// dictionary gives: the last value set for an id, nothing for an id never set, whatever the
/// ids and however many more than it was made for.
final class EpisodeIDMapTests: XCTestCase {
  func testItAnswersAsADictionaryDoes() {
    // Ids a multiple of a large power of two apart fall on the same slot first.
    let ids =
      [0, 1, -1, Int.min, Int.max, 42, 42] + (1...300).map { $0 << 40 }
      + (1...2_000).map { 7 * $0 + 1_000_000 }
    var map = EpisodeIDMap<Int>(capacity: 10)
    var expected: [Int: Int] = [:]
    for (index, id) in ids.enumerated() {
      map[id] = index
      expected[id] = index
    }
    map[5] = nil
    XCTAssertEqual(map.count, expected.count)
    for id in ids + [2, -2, 5, 3 << 40, 1_000_001] {
      XCTAssertEqual(map[id], expected[id], "id \(id)")
    }
  }

  func testASetOfIDs() {
    let watched = EpisodeIDMap(ids: [3, 1, 3, 7])
    XCTAssertEqual([0, 1, 2, 3, 7].filter(watched.contains), [1, 3, 7])
    XCTAssertEqual(watched.count, 3)
    XCTAssertFalse(EpisodeIDMap(ids: [Int]()).contains(0))
  }
}

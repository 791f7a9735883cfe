import Foundation
import ShelfDomain
import ShelfTestSupport
import XCTest

/// Up next and statuses from outlines answer as `EpisodeGuide` and `Episode` do from the
/// episodes themselves, whatever order, duplicates, specials and dates the list has.
final class EpisodeOutlinesTests: XCTestCase {
  private func capture() throws -> [Episode] {
    try JSONDecoder().decode([Episode].self, from: Paths.fixture("show-1-episodes.json"))
  }

  func testTheNextEpisodeIsTheGuidesForTheRealCaptureAndShuffledLists() throws {
    var random = SplitMix64(seed: 24)
    let real = try capture()
    let now = Date(timeIntervalSince1970: 1_400_000_000)  // inside season 2
    var lists = [real, real.reversed()]
    for _ in 0..<200 {
      var list = real.shuffled(using: &random)
      // Duplicate codes, specials, episodes without a time or a day.
      if let copy = list.randomElement(using: &random) {
        var twin = copy
        twin.id += 10_000
        list.insert(twin, at: Int.random(in: 0...list.count, using: &random))
      }
      list[Int.random(in: 0..<list.count, using: &random)].number = nil
      list[Int.random(in: 0..<list.count, using: &random)].airstamp = nil
      let dayless = Int.random(in: 0..<list.count, using: &random)
      list[dayless].airstamp = nil
      list[dayless].airdate = nil
      if Bool.random(using: &random) { list.sort(by: Episode.watchingOrder) }
      lists.append(list)
    }
    for list in lists {
      let watched = Set(list.filter { _ in Bool.random(using: &random) }.map(\.id))
      let outlines = EpisodeOutlines(list)
      let expected = EpisodeGuide(list).nextUp(watched: watched, now: now)
      XCTAssertEqual(outlines.nextUp(watched: watched, now: now), expected)
      XCTAssertEqual(outlines.nextUp(watched: EpisodeIDMap(ids: watched), now: now), expected)
      for (episode, outline) in zip(list, outlines.outlines) {
        XCTAssertEqual(outline.hasAired(by: now), episode.hasAired(by: now))
      }
    }
    XCTAssertEqual(
      EpisodeOutlines(real).nextUp(watched: [], now: now)?.episode.code, "S01E01")
  }

  func testOutlinesMadeFromColumnsMakeTheirEpisodesOnDemand() {
    var made: [Int] = []
    let outlines = EpisodeOutlines(
      outlines: EpisodeOutlineList(count: 3) { index in
        EpisodeOutline(
          id: 10 + index, season: 1, number: index + 1, runtime: 30, airedFrom: Double(index))
      },
      make: { index in
        made.append(index)
        return Episode(id: 10 + index, name: "E\(index)", season: 1, number: index + 1)
      })
    let next = outlines.nextUp(watched: [10], now: Date(timeIntervalSinceReferenceDate: 1))
    XCTAssertEqual(next?.episode.name, "E1")
    XCTAssertEqual(next?.left, 1)
    XCTAssertEqual(made, [1], "only the episode shown is made")
  }
}

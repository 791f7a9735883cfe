import Dispatch
import Foundation
import ShelfStore
import ShelfTestSupport
import XCTest

final class WatchedFileTests: TemporaryDirectoryTestCase {
  private var url: URL { temporary.file("watched.plist") }

  func testMarksAreKeptPerShowWithSeasonAndNumber() throws {
    let watched = WatchedFile(file: PropertyListFile(url: url))
    XCTAssertEqual(
      try watched.mark(
        show: 1,
        episodes: [
          WatchedEpisode(id: 1, season: 1, number: 1), WatchedEpisode(id: 2, season: 1, number: 2),
        ]), 2)
    XCTAssertEqual(try watched.mark(show: 1, episodes: [WatchedEpisode(id: 2)]), 0)
    try watched.mark(show: 82, episodes: [WatchedEpisode(id: 900)])
    let fresh = WatchedFile(file: PropertyListFile(url: url))
    XCTAssertTrue(try fresh.isWatched(show: 1, episode: 2))
    XCTAssertFalse(try fresh.isWatched(show: 82, episode: 2))
    XCTAssertEqual(
      try fresh.watchedEpisodes(show: 1),
      [WatchedEpisode(id: 1, season: 1, number: 1), WatchedEpisode(id: 2, season: 1, number: 2)])
    XCTAssertEqual(try fresh.unmark(show: 1, episodes: [1, 3]), 1)
    XCTAssertEqual(try fresh.unmark(show: 82, episodes: [900]), 1)
    XCTAssertEqual(try watched.read().shows.map(\.showId), [1], "a show with no marks is dropped")
  }

  func testMarksFromTwoWritersAtOnceAreAllKept() throws {
    let errors = Collector<String>()
    let url = url
    DispatchQueue.concurrentPerform(iterations: 2) { writer in
      let watched = WatchedFile(file: PropertyListFile(url: url))
      for episode in 0..<60 {
        do {
          try watched.mark(
            show: 1 + episode % 3, episodes: [WatchedEpisode(id: writer * 1000 + episode)])
        } catch {
          errors.append("\(writer): \(error)")
        }
      }
    }
    XCTAssertEqual(errors.values, [])
    let document = try WatchedFile(file: PropertyListFile(url: url)).read()
    XCTAssertEqual(document.shows.flatMap(\.episodes).count, 120)
    XCTAssertEqual(temporary.names(), ["watched.plist", "watched.plist.lock"])
  }
}

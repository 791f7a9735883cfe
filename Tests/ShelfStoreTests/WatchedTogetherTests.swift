import Foundation
import ShelfDomain
import ShelfStore
import ShelfTestSupport
import XCTest

/// `watched --with`: several people's marks change in one write, all of them or none.
final class WatchedTogetherTests: TemporaryDirectoryTestCase {
  private struct Refused: Error {}

  private func household() throws -> (UserData, [PersonData]) {
    let data = UserData(directory: temporary.file("data"))
    try data.openProfiles()
    let mia = try data.household.add(try XCTUnwrap(ProfileName("Mia")), born: nil)
    let leo = try data.household.add(try XCTUnwrap(ProfileName("Leo")), born: nil)
    return (data, [data.person, data.person(for: mia), data.person(for: leo)])
  }

  func testEveryPersonsMarksChangeInOneWrite() throws {
    let (data, people) = try household()
    let results = try WatchedTogether(data: data, people: people).update { index, document in
      document.mark(show: 1, episodes: [WatchedEpisode(id: 10 + index)])
    }
    XCTAssertEqual(results, [1, 1, 1])
    XCTAssertEqual(
      try people.map { try $0.watched.watchedEpisodes(show: 1).map(\.id) },
      [
        [10], [11], [12],
      ])
  }

  func testAFailureForOnePersonChangesNoOne() throws {
    let (data, people) = try household()
    try people[0].watched.mark(show: 1, episodes: [WatchedEpisode(id: 1)])
    XCTAssertThrowsError(
      try WatchedTogether(data: data, people: people).update { index, document in
        document.mark(show: 1, episodes: [WatchedEpisode(id: 2)])
        if index == 2 { throw Refused() }
      })
    XCTAssertEqual(try people[0].watched.watchedEpisodes(show: 1).map(\.id), [1])
    XCTAssertEqual(try people[1].watched.watchedEpisodes(show: 1), [])
  }
}

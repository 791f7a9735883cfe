import Foundation
import ShelfDomain
import ShelfStore
import ShelfTestSupport
import XCTest

/// One imported show applied to a person's files by the import's rules: whole, the earliest
/// time of a mark kept, the person's own ratings and statuses kept, nothing at all written by a
/// dry run, and a second run adding nothing.
final class ImportedShowApplierTests: TemporaryDirectoryTestCase {
  private func userData() throws -> UserData {
    let data = UserData(directory: temporary.file("data"))
    try data.openProfiles()
    return data
  }

  private func at(_ text: String) -> Date? { WatchTime.parse(text) }

  private func friends() -> ImportedShow {
    ImportedShow(
      show: Show(id: 431, name: "Friends"),
      marks: [
        WatchedEpisode(
          id: 1, season: 1, number: 1, watchedAt: at("2001-01-01T00:00:00Z"), plays: 3),
        WatchedEpisode(id: 2, season: 1, number: 2, watchedAt: at("2001-01-02T00:00:00Z")),
      ],
      rating: .init(value: 9, at: nil),
      episodeRatings: [2: (RatedEpisode(showId: 431, id: 2, season: 1, number: 2, rating: 7), nil)],
      status: .plan)
  }

  /// Every file of the data directory with its bytes.
  private func files() -> [String: Data] {
    var found: [String: Data] = [:]
    let root = temporary.file("data")
    let walker = FileManager.default.enumerator(atPath: root.path)
    while let name = walker?.nextObject() as? String {
      if let data = FileManager.default.contents(atPath: root.appendingPathComponent(name).path) {
        found[name] = data
      }
    }
    return found
  }

  func testAShowIsAppliedByTheImportsRulesAndASecondRunAddsNothing() throws {
    let data = try userData()
    // The person marked episode 1 later than the history has it, and rated the show already.
    try data.watched.mark(
      show: 431,
      episodes: [WatchedEpisode(id: 1, season: 1, number: 1, watchedAt: at("2020-01-01T00:00:00Z"))]
    )
    try data.tracking.update { _ = $0.rate(show: 431, 6) }
    let applier = ImportedShowApplier(data: data, person: data.person)

    let change = try applier.apply(friends(), dryRun: false)
    var expected = ImportChange()
    expected.followed = true
    expected.marked = 1
    expected.earlier = 1
    expected.rewatches = 2
    expected.ratings = 1
    XCTAssertEqual(change, expected, "plan is not set on a show with watched episodes")
    let marks = try data.watched.watchedEpisodes(show: 431)
    XCTAssertEqual(marks.map(\.id), [1, 2])
    XCTAssertEqual(marks.first?.watchedAt, at("2001-01-01T00:00:00Z"), "the earliest time")
    XCTAssertEqual(
      marks.first?.latestWatch, at("2020-01-01T00:00:00Z"), "the person's later watch is kept")
    XCTAssertEqual(marks.map(\.plays), [3, 1], "the larger count of plays")
    let tracking = try data.tracking.read()
    XCTAssertEqual(tracking.rating(ofShow: 431), 6, "the person's own rating stays")
    XCTAssertEqual(tracking.rating(ofEpisode: 2), 7)
    XCTAssertNil(tracking.status(of: 431))
    XCTAssertEqual(try data.favorites.read().shows.map(\.id), [431])

    let before = files()
    XCTAssertTrue(try applier.apply(friends(), dryRun: false).isEmpty)
    XCTAssertEqual(files(), before, "a second run writes nothing")
  }

  func testARatingTheHistoryDatesLaterWinsAnEarlierOneDoesNot() throws {
    let data = try userData()
    try data.tracking.update { _ = $0.rate(show: 431, 6) }
    let applier = ImportedShowApplier(data: data, person: data.person)
    var older = friends()
    older.rating = .init(value: 3, at: Date(timeIntervalSinceNow: -86_400))
    _ = try applier.apply(older, dryRun: false)
    XCTAssertEqual(try data.tracking.read().rating(ofShow: 431), 6, "yours is the later change")
    var newer = friends()
    newer.rating = .init(value: 9, at: Date(timeIntervalSinceNow: 86_400))
    XCTAssertEqual(try applier.apply(newer, dryRun: false).ratings, 1)
    XCTAssertEqual(try data.tracking.read().rating(ofShow: 431), 9, "the history's is later")
  }

  func testADryRunSaysWhatWouldChangeAndWritesNothing() throws {
    let data = try userData()
    let before = files()
    let change = try ImportedShowApplier(data: data, person: data.person).apply(
      friends(), dryRun: true)
    XCTAssertEqual(change.marked, 2)
    XCTAssertEqual(change.rewatches, 2)
    XCTAssertEqual(change.ratings, 2)
    XCTAssertTrue(change.followed)
    XCTAssertEqual(files(), before)
  }

  func testAPlannedShowWithNothingWatchedIsPlanned() throws {
    let data = try userData()
    var show = friends()
    show.marks = []
    let change = try ImportedShowApplier(data: data, person: data.person).apply(show, dryRun: false)
    XCTAssertEqual(change.status, .plan)
    XCTAssertEqual(try data.tracking.read().status(of: 431), .plan)
  }

  func testAnImportKilledBeforeItsJournalLeavesTheShowOutAndTidiesTheStatusFileToo() throws {
    let data = try userData()
    let person = data.person.directory
    // What a kill after staging and before the journal leaves: staged files only.
    try FileManager.default.createDirectory(at: person, withIntermediateDirectories: true)
    for name in ["favorites", "watched", "tracking"] {
      try Data("half".utf8).write(to: person.appendingPathComponent(".\(name).plist.staged"))
    }
    let restarted = UserData(directory: temporary.file("data"))
    restarted.removeStaleTemporaries()
    try restarted.openProfiles()
    _ = restarted.person
    XCTAssertEqual(
      (try FileManager.default.contentsOfDirectory(atPath: person.path)).filter {
        $0.hasSuffix(".staged")
      }, [])
    XCTAssertEqual(try restarted.favorites.read().shows, [])
  }
}

import Foundation
import ShelfDomain
import ShelfStore
import ShelfTestSupport
import XCTest

/// Every change records when it was made (to the second), value by value, so that a single
/// value can merge by its later change; a value set again as it was keeps its time.
final class ChangeTimeTests: TemporaryDirectoryTestCase {
  private var clock = Date(timeIntervalSince1970: 1_700_000_000.75)

  private func file<Document: StoredDocument>(_ name: String) -> PropertyListFile<Document> {
    PropertyListFile(url: temporary.file(name), now: { [unowned self] in self.clock })
  }

  func testEachValueOfTheTrackingFileRecordsItsOwnChange() throws {
    let tracking: PropertyListFile<TrackingDocument> = file("tracking.plist")
    let first = Date(timeIntervalSince1970: 1_700_000_000)
    try tracking.update { $0.setStatus(.dropped, of: 1) }
    XCTAssertEqual(try tracking.read().shows.first?.statusChanged, first)
    XCTAssertNil(try tracking.read().shows.first?.ratingChanged)

    clock += 60
    try tracking.update {
      $0.rate(show: 1, 9)
      $0.setStatus(.dropped, of: 1)  // as it was: its time stays
      $0.rate(episode: RatedEpisode(showId: 1, id: 5, rating: 8), id: 5)
      $0.spoilers = "hide"
    }
    let second = first + 60
    let document = try tracking.read()
    XCTAssertEqual(document.shows.first?.statusChanged, first)
    XCTAssertEqual(document.shows.first?.ratingChanged, second)
    XCTAssertEqual(document.episodes.first?.changedAt, second)
    XCTAssertEqual(document.spoilersChanged, second)

    // A change that changes nothing writes nothing.
    let before = try Data(contentsOf: tracking.url)
    clock += 60
    try tracking.update { $0.rate(episode: RatedEpisode(showId: 1, id: 5, rating: 8), id: 5) }
    XCTAssertEqual(try Data(contentsOf: tracking.url), before)
  }

  func testAPositionAClaimAndAPersonRecordWhenTheyChanged() throws {
    let preferences: PropertyListFile<PreferencesDocument> = file("preferences.plist")
    try preferences.update {
      $0.lastPath = "/toys/Dolls"
      $0.lastToyCategory = "Dolls"
    }
    clock += 5
    try preferences.update { $0.lastPath = "/stories" }
    let positions = try preferences.read().changedAt
    XCTAssertEqual(positions["path"], Date(timeIntervalSince1970: 1_700_000_005))
    XCTAssertEqual(positions["toys"], Date(timeIntervalSince1970: 1_700_000_000))

    let list: PropertyListFile<WishListDocument> = file("wishlist.plist")
    try list.update {
      _ = $0.add(ItemID(.toy, 42), name: "Doll")
      $0.wishes[0].claimedBy = "someone"
    }
    XCTAssertEqual(
      try list.read().wishes.first?.claimedAt, Date(timeIntervalSince1970: 1_700_000_005))

    let household = Household(
      dataDirectory: temporary.file("data"), now: { [unowned self] in self.clock })
    let mia = try household.add(
      try XCTUnwrap(ProfileName("Mia")), born: BirthMonth(year: 2020, month: 5))
    clock += 5
    try household.rename("Mia", to: try XCTUnwrap(ProfileName("Mimi")))
    try household.remember(mia.id)
    let record = try XCTUnwrap(try household.read().profile(id: mia.id))
    XCTAssertEqual(record.nameChanged, Date(timeIntervalSince1970: 1_700_000_010))
    XCTAssertEqual(record.bornChanged, Date(timeIntervalSince1970: 1_700_000_005))
    XCTAssertEqual(try household.read().lastUsedChanged, Date(timeIntervalSince1970: 1_700_000_010))
    XCTAssertNotNil(record.uid)
  }
}

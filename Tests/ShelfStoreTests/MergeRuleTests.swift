import Foundation
import ShelfDomain
import ShelfTestSupport
import XCTest

@testable import ShelfStore

/// The merge rules, through the one entry point sync calls (`SyncedFiles.merge`) on the bytes
/// of real files: sets keep both sides' additions and carry a removal the other side did not
/// contradict, single values take the later change, marks keep the earliest time, the cart
/// adds quantities up, and the household knows one person by their lasting id.
final class MergeRuleTests: XCTestCase {
  private let earlier = Date(timeIntervalSince1970: 1_700_000_000)
  private let later = Date(timeIntervalSince1970: 1_700_086_400)

  private func bytes<Document: StoredDocument>(_ document: Document) throws -> Data {
    Data(try PropertyListFile<Document>.bytes(of: document))
  }

  private func merged<Document: StoredDocument>(
    _ path: String, base: Document?, ours: Document, theirs: Document
  ) throws -> (document: Document, count: MergeCount) {
    let outcome = try SyncedFiles.merge(
      path, base: try base.map(bytes), ours: try bytes(ours), theirs: try bytes(theirs))
    return (
      try PropertyListFile<Document>.document(of: Data(outcome.bytes), path: path), outcome.count
    )
  }

  private func favorites(_ items: ItemID...) -> FavoritesDocument {
    var document = FavoritesDocument()
    for item in items { _ = document.add(item, show: Show(id: item.id, name: "Show \(item.id)")) }
    return document
  }

  // MARK: - Sets

  func testASetKeepsBothSidesAdditionsAndCarriesAnUncontestedRemoval() throws {
    let base = favorites(ItemID(.toy, 1), ItemID(.toy, 2), ItemID(.story, 3))
    // Ours removed toy 2 and added toy 4; theirs removed story 3 and added story 5.
    let ours = favorites(ItemID(.toy, 1), ItemID(.story, 3), ItemID(.toy, 4))
    let theirs = favorites(ItemID(.toy, 1), ItemID(.toy, 2), ItemID(.story, 5))
    let (result, count) = try merged(
      "profiles/mia/favorites.plist", base: base, ours: ours, theirs: theirs)
    XCTAssertEqual(result.items, [ItemID(.toy, 1), ItemID(.toy, 4), ItemID(.story, 5)])
    // Sent: toy 2 removed, toy 4 added; received: story 3 removed, story 5 added.
    XCTAssertEqual(count, MergeCount(ours: 2, theirs: 2))
  }

  func testARemovalLosesToAChangeOfTheSameItem() throws {
    var base = favorites(ItemID(.show, 1))
    base.shows[0].name = "Old"
    let ours = FavoritesDocument()  // removed
    var theirs = base
    theirs.shows[0].name = "Renamed by TVmaze"  // changed
    let (result, _) = try merged(
      "profiles/mia/favorites.plist", base: base, ours: ours, theirs: theirs)
    XCTAssertEqual(result.shows.map(\.name), ["Renamed by TVmaze"])
  }

  func testWithoutABaseNothingIsRemoved() throws {
    let ours = favorites(ItemID(.toy, 1))
    let theirs = favorites(ItemID(.toy, 2))
    let (result, count) = try merged(
      "profiles/mia/favorites.plist", base: nil, ours: ours, theirs: theirs)
    XCTAssertEqual(result.items, [ItemID(.toy, 1), ItemID(.toy, 2)])
    XCTAssertEqual(count.theirs, 1)
  }

  // MARK: - Single values

  func testASingleValueTakesTheLaterChange() throws {
    var base = TrackingDocument()
    base.shows = [TrackedShow(showId: 1, status: .watching, rating: 5)]
    var ours = base
    ours.shows[0].status = .dropped
    ours.shows[0].statusChanged = later
    ours.shows[0].rating = 7
    ours.shows[0].ratingChanged = earlier
    var theirs = base
    theirs.shows[0].status = .paused
    theirs.shows[0].statusChanged = earlier
    theirs.shows[0].rating = 9
    theirs.shows[0].ratingChanged = later
    theirs.spoilers = "hide"
    theirs.spoilersChanged = earlier
    let (result, count) = try merged(
      "profiles/mia/tracking.plist", base: base, ours: ours, theirs: theirs)
    // Each value on its own: our later status, their later rating, their new setting.
    XCTAssertEqual(result.status(of: 1), .dropped)
    XCTAssertEqual(result.rating(ofShow: 1), 9)
    XCTAssertEqual(result.spoilers, "hide")
    XCTAssertEqual(count, MergeCount(ours: 1, theirs: 2))
  }

  func testAValueChangedOnOneSideOnlyTakesThatChangeWhateverTheTimes() throws {
    var base = TrackingDocument()
    base.shows = [TrackedShow(showId: 1, rating: 5)]
    base.shows[0].ratingChanged = later
    var theirs = base
    theirs.shows[0].rating = 8
    theirs.shows[0].ratingChanged = earlier  // a clock behind: still the only change
    let (result, _) = try merged(
      "profiles/mia/tracking.plist", base: base, ours: base, theirs: theirs)
    XCTAssertEqual(result.rating(ofShow: 1), 8)
  }

  func testTheLastNewLookIsTheLaterOne() throws {
    var ours = TrackingDocument()
    ours.newSince = earlier
    var theirs = TrackingDocument()
    theirs.newSince = later
    let (result, _) = try merged(
      "profiles/mia/tracking.plist", base: nil, ours: ours, theirs: theirs)
    XCTAssertEqual(result.newSince, later)
  }

  // MARK: - Marks

  func testAMarkKeepsTheEarliestTimeAndARemovedMarkGoes() throws {
    var base = WatchedDocument()
    base.mark(show: 1, episodes: [WatchedEpisode(id: 10), WatchedEpisode(id: 11)])
    var ours = base
    ours.unmark(show: 1, episodes: [11])
    ours.mark(show: 1, episodes: [WatchedEpisode(id: 12, watchedAt: later)])
    var theirs = base
    theirs.mark(show: 1, episodes: [WatchedEpisode(id: 12, season: 1, watchedAt: earlier)])
    theirs.mark(show: 2, episodes: [WatchedEpisode(id: 20)])
    let (result, _) = try merged(
      "profiles/mia/watched.plist", base: base, ours: ours, theirs: theirs)
    XCTAssertEqual(result.episodes(show: 1).map(\.id), [10, 12])
    XCTAssertEqual(result.episodes(show: 1).last?.watchedAt, earlier)
    XCTAssertEqual(result.episodes(show: 1).last?.season, 1)
    XCTAssertEqual(result.episodes(show: 2).map(\.id), [20])

    // A show whose every mark was taken back on one side, untouched on the other, goes.
    var cleared = base
    cleared.unmark(show: 1, episodes: [10, 11])
    let (gone, _) = try merged(
      "profiles/mia/watched.plist", base: base, ours: base, theirs: cleared)
    XCTAssertEqual(gone.shows.count, 0)
  }

  func testPlaysAddUpAsACounterAgainstTheBaseAndTheEarliestFirstTimeIsKept() throws {
    var base = WatchedDocument()
    base.mark(show: 1, episodes: [WatchedEpisode(id: 10, watchedAt: later)])
    // One device watched it again, the other twice, and found an earlier first time.
    var ours = base
    ours.playAgain(show: 1, episodes: [10], at: later.addingTimeInterval(60))
    var theirs = WatchedDocument()
    theirs.mark(
      show: 1,
      episodes: [
        WatchedEpisode(
          id: 10, watchedAt: earlier, plays: 3, lastWatchedAt: later.addingTimeInterval(120))
      ])
    let (result, _) = try merged(
      "profiles/mia/watched.plist", base: base, ours: ours, theirs: theirs)
    let mark = try XCTUnwrap(result.mark(show: 1, episode: 10))
    XCTAssertEqual(mark.plays, 4, "1 + 1 more here + 2 more there")
    XCTAssertEqual(mark.watchedAt, earlier)
    XCTAssertEqual(mark.lastWatchedAt, later.addingTimeInterval(120))

    // With no base (an import, a first join) the larger count stands: twice adds nothing.
    let (joined, _) = try merged(
      "profiles/mia/watched.plist", base: nil, ours: ours, theirs: theirs)
    XCTAssertEqual(joined.mark(show: 1, episode: 10)?.plays, 3)
    let (again, count) = try merged(
      "profiles/mia/watched.plist", base: nil, ours: joined, theirs: theirs)
    XCTAssertEqual(again.mark(show: 1, episode: 10)?.plays, 3)
    XCTAssertEqual(count.theirs, 0)
  }

  func testAWatchedFileWithoutPlaysReadsAsOnePlayEach() throws {
    let old = Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict><key>shows</key><array><dict><key>episodes</key><array>
      <dict><key>id</key><integer>10</integer></dict></array>
      <key>showId</key><integer>1</integer></dict></array>
      <key>version</key><integer>1</integer></dict></plist>
      """.utf8)
    let document = try PropertyListFile<WatchedDocument>.document(
      of: old, path: "profiles/mia/watched.plist")
    XCTAssertEqual(document.mark(show: 1, episode: 10)?.plays, 1)
  }

  // MARK: - The cart

  func testTheCartAddsQuantitiesUpAndKeepsAChangeOverARemoval() throws {
    var base = CartDocument()
    base.lines = [
      CartLine(kind: .toy, id: 1, quantity: 2), CartLine(kind: .toy, id: 2, quantity: 1),
      CartLine(kind: .toy, id: 3, quantity: 500),
    ]
    var ours = base
    ours.lines[0].quantity = 3  // +1
    ours.lines.remove(at: 1)  // removed toy 2
    ours.lines[1].quantity = 900  // +400
    ours.lines.append(CartLine(kind: .product, id: 9, quantity: 1))
    var theirs = base
    theirs.lines[0].quantity = 5  // +3
    theirs.lines[1].quantity = 4  // changed toy 2
    theirs.lines[2].quantity = 800  // +300
    theirs.lines.append(CartLine(kind: .product, id: 9, quantity: 2))
    let (result, _) = try merged("cart.plist", base: base, ours: ours, theirs: theirs)
    XCTAssertEqual(result.quantity(of: ItemID(.toy, 1)), 6)
    XCTAssertEqual(result.quantity(of: ItemID(.toy, 2)), 4, "the change wins over the removal")
    XCTAssertEqual(result.quantity(of: ItemID(.toy, 3)), 999, "capped")
    XCTAssertEqual(result.quantity(of: ItemID(.product, 9)), 3, "added on both sides")

    // No base (an import): the larger quantity, so that importing twice adds nothing.
    let (imported, _) = try merged("cart.plist", base: nil, ours: ours, theirs: theirs)
    XCTAssertEqual(imported.quantity(of: ItemID(.toy, 1)), 5)
    XCTAssertEqual(imported.quantity(of: ItemID(.product, 9)), 2)
  }

  // MARK: - Claims

  func testOfTwoClaimsOnOneWishTheEarlierStands() throws {
    var base = WishListDocument()
    _ = base.add(ItemID(.toy, 42), name: "Doll")
    var ours = base
    ours.wishes[0].claimedBy = "grandma-id"
    ours.wishes[0].claimedAt = later
    var theirs = base
    theirs.wishes[0].claimedBy = "leo-id"
    theirs.wishes[0].claimedAt = earlier
    let (result, _) = try merged(
      "profiles/mia/wishlist.plist", base: base, ours: ours, theirs: theirs)
    XCTAssertEqual(result.wishes.first?.claimedBy, "leo-id")
    XCTAssertEqual(result.wishes.first?.name, "Doll")
  }

  // MARK: - The household

  func testPeopleAreKnownByTheirLastingIdAcrossARenameAndANewcomer() throws {
    var base = HouseholdDocument()
    base.profiles = [
      ProfileRecord(id: 1, name: "Dad", uid: "dad"), ProfileRecord(id: 2, name: "Mia", uid: "mia"),
    ]
    base.nextID = 3
    var ours = base
    ours.profiles.append(ProfileRecord(id: 3, name: "Leo", uid: "leo-here"))
    ours.nextID = 4
    // Theirs (numbered their own way) renamed Mia later and added Leo and Grandma.
    var theirs = HouseholdDocument()
    theirs.profiles = [
      ProfileRecord(id: 7, name: "Dad", uid: "dad"), ProfileRecord(id: 8, name: "Mimi", uid: "mia"),
      ProfileRecord(id: 9, name: "Leo", uid: "leo-there"),
      ProfileRecord(id: 10, name: "Grandma", born: nil, uid: "grandma"),
    ]
    theirs.profiles[1].nameChanged = later
    let (result, _) = try merged("profiles.plist", base: base, ours: ours, theirs: theirs)
    XCTAssertEqual(result.profiles.map(\.name), ["Dad", "Mimi", "Leo", "Grandma"])
    // Our numbers stay ours; the newcomer gets the next one here.
    XCTAssertEqual(result.profiles.map(\.id), [1, 2, 3, 4])
    // The rename is recorded as a move of Mia's directory, which the next start finishes.
    XCTAssertEqual(result.profiles[1].movingFrom, "mia")
    // Two Leos added on two devices are one Leo, known by both ids.
    XCTAssertTrue(
      result.profiles[2].isCalled("leo-here") && result.profiles[2].isCalled("leo-there"))
  }

  func testASideThatDidNotChangeGivesTheOtherSidesDataAndCountsNothing() throws {
    let base = favorites(ItemID(.toy, 1), ItemID(.toy, 2))
    let changed = favorites(ItemID(.toy, 2), ItemID(.story, 3), ItemID(.toy, 4))
    let path = "profiles/mia/favorites.plist"
    let (received, receivedCount) = try merged(path, base: base, ours: base, theirs: changed)
    XCTAssertEqual(received, changed)
    XCTAssertEqual(receivedCount, MergeCount(ours: 0, theirs: 3))
    let (sent, sentCount) = try merged(path, base: base, ours: changed, theirs: base)
    XCTAssertEqual(sent, changed)
    XCTAssertEqual(sentCount, MergeCount(ours: 3, theirs: 0))
    // Counting alone counts the same, and reads a damaged version as a merge does.
    let counted = try SyncedFiles.changes(path, from: try bytes(base), to: try bytes(changed))
    XCTAssertEqual(counted.count, sentCount)
    XCTAssertEqual(counted.bytes, [])
    XCTAssertThrowsError(
      try SyncedFiles.changes(path, from: try bytes(base), to: Data("junk".utf8)))
  }

  func testAFileThatDoesNotTravelOrIsNotADocumentIsRefused() throws {
    XCTAssertNil(SyncedFiles.file(at: "history"))
    XCTAssertNil(SyncedFiles.file(at: "profiles/mia/.favorites.plist.staged"))
    XCTAssertNil(SyncedFiles.file(at: "profiles/mia.removed-20260101-000000/favorites.plist"))
    XCTAssertEqual(SyncedFiles.file(at: "profiles/mia/tracking.plist")?.name, "tracking.plist")
    XCTAssertThrowsError(
      try SyncedFiles.merge(
        "profiles/mia/favorites.plist", base: nil, ours: nil, theirs: Data("junk".utf8))
    ) { error in
      XCTAssertTrue("\(error)".contains("profiles/mia/favorites.plist"), "\(error)")
    }
  }

  func testThePathsThatTravelAreEveryDeclaredFileOfEveryone() throws {
    var household = HouseholdDocument()
    household.profiles = [ProfileRecord(id: 1, name: "Mia")]
    let paths = SyncedFiles.paths(for: household)
    XCTAssertEqual(paths.first, "profiles.plist")
    XCTAssertTrue(paths.contains("cart.plist"))
    XCTAssertTrue(paths.contains("profiles/mia/wishlist.plist"))
    XCTAssertEqual(
      paths.count,
      UserDataDeclaration.files.filter { $0.owner == .household }.count
        + UserDataDeclaration.files.filter { $0.owner == .person }.count)
  }
}

/// Sync's way in: merging another device's version into a file of the data directory, under
/// its lock, keeping what this device changed meanwhile and the times values carry.
final class SyncedFileMergeTests: TemporaryDirectoryTestCase {
  func testAnotherDevicesVersionIsMergedIntoTheFileUnderItsLock() throws {
    let here = UserData(directory: temporary.file("here"))
    try here.openProfiles()
    try here.favorites.add(ItemID(.toy, 1), name: "One")
    try here.tracking.update { $0.rate(show: 1, 5) }
    let base = try Data(contentsOf: here.favorites.url)
    let baseTracking = try Data(contentsOf: here.tracking.url)

    // The other device removed toy 1 and added toy 2, and rated show 1 later; this one, meanwhile,
    // added toy 3.
    let there = UserData(directory: temporary.file("there"))
    try there.openProfiles()
    try there.favorites.add(ItemID(.toy, 2), name: "Two")
    var theirTracking = try PropertyListFile<TrackingDocument>.document(
      of: baseTracking, path: "tracking.plist")
    theirTracking.shows[0].rating = 9
    theirTracking.shows[0].ratingChanged = Date(timeIntervalSince1970: 4_000_000_000)
    try here.favorites.add(ItemID(.toy, 3), name: "Three")

    let outcome = try SyncedFiles.mergeIntoFile(
      "profiles/me/favorites.plist", base: base,
      theirs: try Data(contentsOf: there.favorites.url), in: here)
    XCTAssertEqual(try here.favorites.read().toys, [3, 2])
    // Sent: toy 3; received: toy 1 removed, toy 2 added.
    XCTAssertEqual(outcome.count, MergeCount(ours: 1, theirs: 2))
    _ = try SyncedFiles.mergeIntoFile(
      "profiles/me/tracking.plist", base: baseTracking,
      theirs: Data(try PropertyListFile<TrackingDocument>.bytes(of: theirTracking)), in: here)
    let tracking = try UserData(directory: temporary.file("here")).tracking.read()
    XCTAssertEqual(tracking.rating(ofShow: 1), 9)
    XCTAssertEqual(tracking.shows.first?.ratingChanged, Date(timeIntervalSince1970: 4_000_000_000))
  }
}

import Foundation
import ShelfDomain
import ShelfStore
import ShelfTestSupport
import XCTest

/// The user's files stay theirs: the first start's move keeps a symbolic link working, a
/// person's file that turns up at its old place later is named in a warning that says how to
/// bring it in (and `import` of it merges it), and the temporaries of killed writes are
/// removed from every folder shelf writes at the next start, whatever that start does.
final class UserFilesStayTheirsTests: TemporaryDirectoryTestCase {
  private func open(_ directory: String = "data") throws -> UserData {
    let data = UserData(
      directory: temporary.file(directory), stateDirectory: temporary.file("state"),
      cacheDirectory: temporary.file("cache"))
    data.removeStaleTemporaries()
    try data.openProfiles()
    return data
  }

  private func favorites(_ ids: Int...) throws -> Data {
    var document = FavoritesDocument()
    for id in ids { _ = document.add(ItemID(.toy, id), name: "Toy \(id)") }
    let scratch = PropertyListFile<FavoritesDocument>(url: temporary.file("scratch.plist"))
    return Data(try scratch.encoded(document))
  }

  func testTheFirstStartKeepsARelativeLinkReachingTheSameFile() throws {
    // A dotfile manager's link, relative, at the top of a data directory from before profiles.
    try temporary.write("dotfiles/favorites.plist", try favorites(42))
    try FileManager.default.createDirectory(
      at: temporary.file("data"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: temporary.file("data/favorites.plist").path,
      withDestinationPath: "../dotfiles/favorites.plist")

    let data = try open()
    let moved = temporary.file("data/profiles/me/favorites.plist").path
    let target = try FileManager.default.destinationOfSymbolicLink(atPath: moved)
    XCTAssertEqual(target, "../../../dotfiles/favorites.plist", "still relative, one level deeper")
    XCTAssertEqual(try data.favorites.read().toys, [42])
    XCTAssertEqual(data.takeWarnings(), [])
    // A change goes through the link to the user's file, which stays a file.
    try data.favorites.add(ItemID(.toy, 5), name: "Stacking Rings")
    XCTAssertEqual(try open().favorites.read().toys, [42, 5])
    XCTAssertEqual(
      try PropertyListFile<FavoritesDocument>(url: temporary.file("dotfiles/favorites.plist"))
        .read().toys, [42, 5])
    XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: moved))
  }

  func testAPersonsFileBackInItsOldPlaceIsNamedWithHowToBringItIn() throws {
    let data = try open()
    try data.favorites.add(ItemID(.toy, 5), name: "Stacking Rings")
    _ = data.takeWarnings()
    // A backup restored to where favourites lived before profiles.
    try temporary.write("data/favorites.plist", try favorites(42, 5))
    let reopened = try open()
    let old = temporary.file("data/favorites.plist").path
    XCTAssertEqual(
      reopened.takeWarnings().map(\.description),
      [
        "\(old) is not read since profiles came (yours is "
          + "\(temporary.file("data/profiles/me/favorites.plist").path)); \"import \(old)\" "
          + "merges it into yours, then you may remove it"
      ])
    // Doing what it says merges it, and takes nothing away.
    let summary = try UserDataTransfer(data: reopened).importDataFile(
      named: "favorites.plist", try Data(contentsOf: URL(fileURLWithPath: old)), path: old)
    XCTAssertEqual(summary?.description, "Added or changed 1 favorite.")
    XCTAssertEqual(try reopened.favorites.read().toys, [5, 42])
    XCTAssertNil(
      try UserDataTransfer(data: reopened).importDataFile(named: "notes.plist", Data(), path: old))
  }

  func testTemporariesOfKilledWritesGoFromEveryFolderAtTheNextStart() throws {
    let data = try open()
    try data.household.add(try XCTUnwrap(ProfileName("Mia")), born: nil)
    let ended = try EndedProcess.id()
    let leftovers = [
      "data/.cart.plist.\(ended)-0011223344556677.shelf-tmp",
      "data/profiles/mia/.watched.plist.\(ended)-0011223344556677.shelf-tmp",
      "data/profiles/me/.tracking.plist.\(ended)-8899aabbccddeeff.shelf-tmp",
      "state/.history.\(ended)-0011223344556677.shelf-tmp",
      "cache/.shows.json.\(ended)-0011223344556677.shelf-tmp",
      "cache/tracker/.favorites-1.cache.\(ended)-0011223344556677.shelf-tmp",
    ]
    for path in leftovers { try temporary.write(path, "half") }
    // A start that reads no one's files (`shelf -c pwd`) still removes them all.
    let restarted = UserData(
      directory: temporary.file("data"), stateDirectory: temporary.file("state"),
      cacheDirectory: temporary.file("cache"))
    XCTAssertEqual(restarted.removeStaleTemporaries(), leftovers.count)
    for path in leftovers {
      XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.file(path).path), path)
    }
  }
}

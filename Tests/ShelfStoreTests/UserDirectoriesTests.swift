import Foundation
import ShelfStore
import ShelfTestSupport
import XCTest

final class UserDirectoriesTests: TemporaryDirectoryTestCase {
  private var environment: [String: String] {
    [
      "HOME": temporary.file("home").path, "XDG_DATA_HOME": temporary.file("data").path,
      "XDG_STATE_HOME": temporary.file("state").path,
      "XDG_CACHE_HOME": temporary.file("cache").path,
    ]
  }

  #if !os(macOS)
    func testByDefaultStateAndCacheFollowXDG() {
      let directories = UserDirectories.resolve(chosenData: nil, environment: environment)
      XCTAssertEqual(directories.data.path, temporary.file("data/shelf").path)
      XCTAssertEqual(directories.state.path, temporary.file("state/shelf").path)
      XCTAssertEqual(directories.cache.path, temporary.file("cache/shelf").path)
      let userData = directories.userData()
      XCTAssertEqual(
        userData.favorites.url.path, temporary.file("data/shelf/profiles/me/favorites.plist").path)
      XCTAssertEqual(userData.cart.url.path, temporary.file("data/shelf/cart.plist").path)
      XCTAssertEqual(
        userData.preferences.url.path,
        temporary.file("data/shelf/profiles/me/preferences.plist").path,
        "the last position is the person's")
      XCTAssertEqual(userData.historyURL.path, temporary.file("state/shelf/history").path)
      XCTAssertEqual(userData.showListURL.path, temporary.file("cache/shelf/shows.json").path)
    }

    func testWithoutXDGVariablesTheHomeDefaultsApply() {
      let home = temporary.file("home").path
      let directories = UserDirectories.resolve(chosenData: "", environment: ["HOME": home])
      XCTAssertEqual(directories.data.path, home + "/.local/share/shelf")
      XCTAssertEqual(directories.state.path, home + "/.local/state/shelf")
      XCTAssertEqual(directories.cache.path, home + "/.cache/shelf")
    }
  #endif

  func testAChosenDataDirectoryKeepsDataAndStateTogetherButNotCaches() {
    let chosen = temporary.file("mine").path
    let directories = UserDirectories.resolve(chosenData: chosen, environment: environment)
    XCTAssertEqual(directories.data.path, chosen)
    XCTAssertEqual(directories.state.path, chosen)
    XCTAssertNotEqual(directories.cache.path, chosen)
    XCTAssertEqual(directories.userData().historyURL.path, chosen + "/history")
    XCTAssertEqual(
      directories.userData().preferences.url.path, chosen + "/profiles/me/preferences.plist")
  }

  func testOldFilesAreMovedOnceAndNeverOverwritten() throws {
    let directories = UserDirectories(
      data: temporary.file("data"), state: temporary.file("state"), cache: temporary.file("cache"))
    try temporary.write("data/history", "_HiStOrY_V2_\nold\n")
    try temporary.write("data/preferences.plist", "old preferences")
    try temporary.write("data/shows.json", "[]")
    try temporary.write("data/favorites.plist", "favourites stay")

    XCTAssertEqual(directories.moveOldFiles(), [])
    XCTAssertEqual(
      try String(contentsOf: temporary.file("state/history"), encoding: .utf8),
      "_HiStOrY_V2_\nold\n")
    XCTAssertEqual(
      try String(contentsOf: temporary.file("state/preferences.plist"), encoding: .utf8),
      "old preferences")
    XCTAssertEqual(
      try String(contentsOf: temporary.file("cache/shows.json"), encoding: .utf8), "[]")
    XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.file("data/history").path))
    XCTAssertEqual(
      try String(contentsOf: temporary.file("data/favorites.plist"), encoding: .utf8),
      "favourites stay")

    // A file at the old place again (an older shelf ran): the new one is kept, the old one too.
    try temporary.write("data/history", "_HiStOrY_V2_\nolder\n")
    try temporary.write("state/history", "_HiStOrY_V2_\nnew\n")
    XCTAssertEqual(directories.moveOldFiles(), [])
    XCTAssertEqual(
      try String(contentsOf: temporary.file("state/history"), encoding: .utf8),
      "_HiStOrY_V2_\nnew\n")
    XCTAssertEqual(
      try String(contentsOf: temporary.file("data/history"), encoding: .utf8),
      "_HiStOrY_V2_\nolder\n")
  }

  func testAFileThatCannotBeMovedStaysWithAWarning() throws {
    // The state "directory" is a file, so nothing can be created in it.
    try temporary.write("state", "not a directory")
    let directories = UserDirectories(
      data: temporary.file("data"), state: temporary.file("state"), cache: temporary.file("cache"))
    try temporary.write("data/history", "_HiStOrY_V2_\nkeep me\n")
    let warnings = directories.moveOldFiles()
    XCTAssertEqual(warnings.count, 1, "\(warnings)")
    XCTAssertTrue(
      warnings.first?.contains(temporary.file("data/history").path) == true, "\(warnings)")
    XCTAssertEqual(
      try String(contentsOf: temporary.file("data/history"), encoding: .utf8),
      "_HiStOrY_V2_\nkeep me\n")
  }

  func testNothingMovesWhenStateIsTheDataDirectory() throws {
    let data = temporary.file("data")
    let directories = UserDirectories(data: data, state: data, cache: temporary.file("cache"))
    try temporary.write("data/history", "_HiStOrY_V2_\n")
    try temporary.write("data/shows.json", "[]")
    XCTAssertEqual(directories.moveOldFiles(), [])
    XCTAssertTrue(FileManager.default.fileExists(atPath: temporary.file("data/history").path))
    XCTAssertTrue(FileManager.default.fileExists(atPath: temporary.file("cache/shows.json").path))
  }
}

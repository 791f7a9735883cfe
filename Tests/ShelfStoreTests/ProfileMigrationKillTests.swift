import Foundation
import ShelfDomain
import ShelfStore
import ShelfTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The first start with profiles moves the favourites, the watched marks and the last position
/// into the first profile's directory. A process killed with SIGKILL after any step of that
/// move loses nothing: the next start finishes it, and the files are the ones from before.
/// Each kill is real: this test runs its own test binary again, which kills itself at step N.
final class ProfileMigrationKillTests: TemporaryDirectoryTestCase {
  private static let directoryVariable = "SHELF_TEST_MIGRATION_DIRECTORY"
  private static let stepVariable = "SHELF_TEST_MIGRATION_KILL_AT"

  /// A data directory from before profiles: favourites and marks in it, the position in the
  /// state directory beside it.
  private func writeOldDirectory(_ root: URL) throws -> [String: Data] {
    let old = UserData(directory: root.appendingPathComponent("data"))
    let favorites = PropertyListFile<FavoritesDocument>(
      url: root.appendingPathComponent("data/favorites.plist"))
    try favorites.update { _ = $0.add(ItemID(.toy, 42), name: "Hanna Dirndl Doll") }
    let watched = PropertyListFile<WatchedDocument>(
      url: root.appendingPathComponent("data/watched.plist"))
    try watched.update { $0.mark(show: 1, episodes: [WatchedEpisode(id: 7, season: 1, number: 2)]) }
    let preferences = PropertyListFile<PreferencesDocument>(
      url: root.appendingPathComponent("state/preferences.plist"))
    try preferences.update { $0.lastPath = "/toys/Dolls" }
    try old.cart.add(ItemID(.toy, 5), quantity: 2, name: "Stacking Rings")
    return [
      "favorites.plist": try Data(contentsOf: favorites.url),
      "watched.plist": try Data(contentsOf: watched.url),
      "preferences.plist": try Data(contentsOf: preferences.url),
    ]
  }

  private func open(_ root: URL, afterStep: (String) -> Void = { _ in }) throws -> UserData {
    let data = UserData(
      directory: root.appendingPathComponent("data"),
      stateDirectory: root.appendingPathComponent("state"))
    data.removeStaleTemporaries()
    try data.openProfiles(afterStep: afterStep)
    return data
  }

  /// Run by the parent test in a process of its own: opens the directory and kills itself
  /// with SIGKILL right after step N. Does nothing in an ordinary run.
  func testChildKillsItselfDuringTheMove() throws {
    let environment = ProcessInfo.processInfo.environment
    guard let path = environment[Self.directoryVariable],
      let step = environment[Self.stepVariable].flatMap(Int.init)
    else { return }
    // This process ends by SIGKILL, before any tear-down: its own scratch folder goes now.
    temporary.remove()
    var done = 0
    _ = try open(URL(fileURLWithPath: path)) { _ in
      done += 1
      if done == step { kill(getpid(), SIGKILL) }
    }
  }

  func testAMoveKilledAfterAnyStepLosesNothing() throws {
    var steps: [String] = []
    let reference = temporary.file("reference")
    _ = try writeOldDirectory(reference)
    _ = try open(reference) { steps.append($0) }
    XCTAssertEqual(
      steps,
      [
        "profiles.plist written", "favorites.plist moved", "watched.plist moved",
        "preferences.plist moved", "move recorded as done",
      ])
    let binary = URL(fileURLWithPath: CommandLine.arguments[0])
    guard binary.path.hasSuffix(".xctest"),
      FileManager.default.isExecutableFile(atPath: binary.path)
    else { throw XCTSkip("the test binary cannot be run again here (\(binary.path))") }

    for step in 1...steps.count {
      let root = temporary.file("killed-\(step)")
      // Each directory's own files: a position records when it was set.
      let originals = try writeOldDirectory(root)
      let child = Process()
      child.executableURL = binary
      child.arguments = [
        "ShelfStoreTests.ProfileMigrationKillTests/testChildKillsItselfDuringTheMove"
      ]
      var environment = ProcessInfo.processInfo.environment
      environment[Self.directoryVariable] = root.path
      environment[Self.stepVariable] = String(step)
      child.environment = environment
      child.standardOutput = FileHandle.nullDevice
      child.standardError = FileHandle.nullDevice
      try child.run()
      child.waitUntilExit()
      XCTAssertEqual(child.terminationReason, .uncaughtSignal, "step \(step)")
      XCTAssertEqual(child.terminationStatus, SIGKILL, "step \(step)")

      // The next start finishes the move: every file as it was, in the first profile's place.
      let reopened = try open(root)
      XCTAssertEqual(reopened.active.name, "me", "step \(step)")
      for (name, bytes) in originals {
        let moved = root.appendingPathComponent("data/profiles/me/\(name)")
        XCTAssertEqual(try? Data(contentsOf: moved), bytes, "step \(step): \(name)")
        for old in ["data/\(name)", "state/\(name)"] {
          XCTAssertFalse(
            FileManager.default.fileExists(atPath: root.appendingPathComponent(old).path),
            "step \(step): \(old) is still there")
        }
      }
      XCTAssertEqual(try reopened.favorites.read().toys, [42], "step \(step)")
      XCTAssertEqual(try reopened.preferences.read().lastPath, "/toys/Dolls", "step \(step)")
      XCTAssertEqual(try reopened.cart.read().quantity(of: ItemID(.toy, 5)), 2, "step \(step)")
      XCTAssertNil(try reopened.household.read().takingOldFiles, "step \(step)")
      XCTAssertEqual(try reopened.household.read().profiles.map(\.name), ["me"], "step \(step)")
      XCTAssertEqual(reopened.takeWarnings(), [], "step \(step)")
    }
  }

  func testAFileAlreadyAtItsNewPlaceIsNeverOverwritten() throws {
    let root = temporary.file("both")
    let originals = try writeOldDirectory(root)
    try temporary.write("both/data/profiles/me/favorites.plist", "newer")
    let opened = try open(root)
    XCTAssertEqual(
      try Data(contentsOf: root.appendingPathComponent("data/profiles/me/favorites.plist")),
      Data("newer".utf8))
    let kept = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("data").path
    ).filter { $0.hasPrefix("favorites.plist.not-moved-") }
    XCTAssertEqual(kept.count, 1)
    XCTAssertEqual(
      try Data(contentsOf: root.appendingPathComponent("data/\(kept.first ?? "")")),
      originals["favorites.plist"])
    XCTAssertTrue(
      opened.takeWarnings().contains { $0.description.contains("was there already; kept") })
  }
}

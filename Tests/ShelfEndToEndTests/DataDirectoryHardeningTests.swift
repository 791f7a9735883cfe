import Foundation
import ShelfTestSupport
import XCTest

/// Damaged and left-over files in the data directory, as the real program meets them at start.
final class DataDirectoryHardeningTests: EndToEndTestCase {
  func testADeeplyNestedFavoritesFileIsSetAsideAndTheShellGoesOn() throws {
    try FileManager.default.createDirectory(
      at: sandbox.dataDirectory, withIntermediateDirectories: true)
    let deep =
      #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"#
      + String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000)
      + "</plist>"
    try Data(deep.utf8).write(to: sandbox.dataFile("favorites.plist"))
    let run = try shelf(commands("ls /favorites", "cd /toys/Dolls", "fav 45", "pwd"))
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertTrue(run.errors.contains("nested more than 64 levels deep"), run.summary)
    XCTAssertTrue(run.outputLines.contains("/toys/Dolls"), run.summary)
    XCTAssertEqual(try favoriteToyIDs(), [45])
  }

  func testTemporariesLeftByAKilledWriterAreRemovedAtStart() throws {
    try FileManager.default.createDirectory(
      at: sandbox.dataDirectory, withIntermediateDirectories: true)
    let dead = try EndedProcess.id()
    let stale = [
      "cart.plist.tmp-\(dead)", ".favorites.plist.\(dead)-0123456789abcdef.shelf-tmp",
    ]
    for name in stale { try Data("half".utf8).write(to: sandbox.dataFile(name)) }
    try Data("mine".utf8).write(to: sandbox.dataFile("notes.tmp"))
    let run = try shelf(["-c", "pwd"])
    XCTAssertEqual(run.status, 0, run.summary)
    let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.dataDirectory.path)
    XCTAssertEqual(
      names.sorted(), ["notes.tmp", "profiles.plist", "profiles.plist.lock"])
  }
}

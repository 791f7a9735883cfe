import Foundation
import ShelfTestSupport
import XCTest

@testable import ShelfSync

/// The engine with two and three devices and one bare repository as the remote, under rules of
/// its own (`LineSetRules`): what travels, what a merge keeps, the summary's counts.
final class SyncEngineTests: SyncTestCase {
  func testInitSendsEverythingAndJoinMergesWhatTheOtherDeviceHad() throws {
    let laptop = try device("laptop")
    try laptop.write("people.txt", ["p1 Mia"])
    try laptop.write("list.txt", ["milk", "bread"])
    try laptop.write("people/mia/items.txt", ["toy:1"])
    let started = try laptop.start(remote.path)
    XCTAssertEqual(started.kind, .started)
    XCTAssertEqual(started.sent, 4)
    XCTAssertEqual(started.received, 0)
    XCTAssertEqual(
      try remote.files(),
      ["list.txt", "people.txt", "people/p1/items.txt", "shelf-household"])

    let desktop = try device("desktop")
    try desktop.write("people.txt", ["p2 Leo"])
    try desktop.write("list.txt", ["eggs"])
    try desktop.write("people/leo/items.txt", ["toy:9"])
    let joined = try desktop.join(remote.path)
    XCTAssertEqual(joined.kind, .joined)
    XCTAssertEqual(Set(desktop.lines("list.txt")), ["milk", "bread", "eggs"])
    XCTAssertEqual(Set(desktop.lines("people.txt")), ["p1 Mia", "p2 Leo"])
    XCTAssertEqual(desktop.lines("people/mia/items.txt"), ["toy:1"])
    XCTAssertEqual(desktop.lines("people/leo/items.txt"), ["toy:9"], "what it had is kept")
    XCTAssertEqual(joined.received, 4)
    XCTAssertEqual(joined.sent, 3)

    let back = try laptop.sync()
    XCTAssertEqual(back.received, 3)
    XCTAssertEqual(back.sent, 0)
    XCTAssertEqual(Set(laptop.lines("list.txt")), ["milk", "bread", "eggs"])
    XCTAssertEqual(laptop.lines("people/leo/items.txt"), ["toy:9"])
  }

  func testEditsOnBothSidesAllArriveAndARemovalTravels() throws {
    let (laptop, desktop) = try household()
    try laptop.write("list.txt", ["milk", "cheese"])  // bread removed, cheese added
    try desktop.write("list.txt", ["milk", "bread", "apples"])
    XCTAssertEqual(try laptop.sync().sent, 2)
    let second = try desktop.sync()
    XCTAssertEqual(second.sent, 1)
    XCTAssertEqual(second.received, 2)
    try laptop.sync()
    for device in [laptop, desktop] {
      XCTAssertEqual(Set(device.lines("list.txt")), ["milk", "cheese", "apples"], device.name)
    }
  }

  func testASyncWithNothingToDoMakesNoCommit() throws {
    let (laptop, desktop) = try household()
    let before = try remote.commitCount()
    let report = try laptop.sync()
    XCTAssertEqual(report.sent, 0)
    XCTAssertEqual(report.received, 0)
    try desktop.sync()
    XCTAssertEqual(try remote.commitCount(), before)
  }

  func testThreeDevicesConverge() throws {
    let (laptop, desktop) = try household()
    let tablet = try device("tablet")
    try tablet.join(remote.path)
    try laptop.add("list.txt", ["from laptop"])
    try desktop.add("list.txt", ["from desktop"])
    try tablet.add("list.txt", ["from tablet"])
    for device in [laptop, desktop, tablet, laptop, desktop] { try device.sync() }
    let expected: Set = ["milk", "bread", "from laptop", "from desktop", "from tablet"]
    for device in [laptop, desktop, tablet] {
      XCTAssertEqual(Set(device.lines("list.txt")), expected, device.name)
    }
  }

  func testAPersonRemovedOnOneDeviceWhileChangedOnTheOtherIsKeptAside() throws {
    let (laptop, desktop) = try household()
    try laptop.write("people.txt", ["p1 Mia"])  // Leo removed here
    try desktop.add("people/leo/items.txt", ["toy:77"])
    try laptop.sync()
    let report = try desktop.sync()
    XCTAssertEqual(desktop.lines("people.txt"), ["p1 Mia"])
    XCTAssertFalse(desktop.exists("people/leo/items.txt"))
    XCTAssertEqual(desktop.lines("people/leo.removed/items.txt"), ["toy:2", "toy:77"])
    XCTAssertTrue(
      report.notes.contains { $0.hasPrefix("Leo was removed on another device; their files") },
      "\(report.notes)")
    XCTAssertFalse(try remote.files().contains("people/p2/items.txt"))
  }

  func testChangesToAPersonRemovedHereAreKeptAsideWhenTheyArrive() throws {
    let (laptop, desktop) = try household()
    try desktop.add("people/leo/items.txt", ["toy:77"])
    try desktop.sync()
    try laptop.write("people.txt", ["p1 Mia"])
    let report = try laptop.sync()
    let kept = try XCTUnwrap(
      try FileManager.default.contentsOfDirectory(
        atPath: laptop.data.appendingPathComponent("people").path
      )
      .first { $0.hasPrefix("leo.removed-") })
    XCTAssertEqual(laptop.lines("people/\(kept)/items.txt"), ["toy:2", "toy:77"])
    XCTAssertTrue(report.notes.contains { $0.hasPrefix("Leo was removed here") }, "\(report.notes)")
  }

  /// Two devices with Mia and Leo, each with a document of items, and a shared list.
  private func household() throws -> (SyncDevice, SyncDevice) {
    let laptop = try device("laptop")
    try laptop.write("people.txt", ["p1 Mia", "p2 Leo"])
    try laptop.write("list.txt", ["milk", "bread"])
    try laptop.write("people/mia/items.txt", ["toy:1"])
    try laptop.write("people/leo/items.txt", ["toy:2"])
    try laptop.start(remote.path)
    let desktop = try device("desktop")
    try desktop.join(remote.path)
    try laptop.sync()
    return (laptop, desktop)
  }
}

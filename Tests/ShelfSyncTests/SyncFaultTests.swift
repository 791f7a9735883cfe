import Foundation
import ShelfFiles
import ShelfTestSupport
import XCTest

@testable import ShelfSync

/// Every fault leaves each change in place and either the old state or the merged one, and
/// the next sync finishes the work.
final class SyncFaultTests: SyncTestCase {
  func testARejectedPushIsFetchedMergedAndPushedAgain() throws {
    let (laptop, desktop) = try household()
    let engine = desktop.engine()
    let repository = try engine.repository()
    let run = SyncRun(
      engine: engine, repository: repository, remote: try XCTUnwrap(repository.remote()))
    try run.fetch()  // the desktop has looked; then the laptop pushes first
    try laptop.add("list.txt", ["from laptop"])
    try laptop.sync()
    try desktop.add("list.txt", ["from desktop"])
    let report = try run.exchange()
    XCTAssertEqual(report.sent, 1)
    XCTAssertEqual(report.received, 1)
    try laptop.sync()
    for device in [laptop, desktop] {
      XCTAssertEqual(
        Set(device.lines("list.txt")), ["milk", "bread", "from laptop", "from desktop"],
        device.name)
    }
  }

  func testTwoDevicesSyncingAtOnceBothFinishAndLoseNothing() throws {
    let (laptop, desktop) = try household()
    let devices = [laptop, desktop]
    for round in 0..<3 {
      for device in devices { try device.add("list.txt", ["\(device.name) \(round)"]) }
      let failures = LockedLines()
      DispatchQueue.concurrentPerform(iterations: devices.count) { index in
        do { try devices[index].sync() } catch { failures.add("\(devices[index].name): \(error)") }
      }
      XCTAssertEqual(failures.all, [])
    }
    for device in devices { try device.sync() }
    let expected = Set(["milk", "bread"] + (0..<3).flatMap { ["laptop \($0)", "desktop \($0)"] })
    for device in devices { XCTAssertEqual(Set(device.lines("list.txt")), expected, device.name) }
  }

  func testAnUnreachableRemoteChangesNothingAndTheNextSyncSends() throws {
    let (laptop, desktop) = try household()
    try laptop.add("list.txt", ["cheese"])
    let away = root.file("away.git")
    try FileManager.default.moveItem(atPath: remote.path, toPath: away.path)
    XCTAssertThrowsError(try laptop.sync()) { error in
      XCTAssertEqual(
        "\(error)", "cannot reach \(self.remote.path): there is nothing there")
    }
    XCTAssertEqual(laptop.lines("list.txt"), ["milk", "bread", "cheese"])
    try FileManager.default.moveItem(atPath: away.path, toPath: remote.path)
    XCTAssertEqual(try laptop.sync().sent, 1)
    XCTAssertEqual(try desktop.sync().received, 1)
    XCTAssertEqual(desktop.lines("list.txt"), ["milk", "bread", "cheese"])
  }

  func testARemoteThatIsNotAHouseholdIsRefusedAndNothingChanges() throws {
    let other = root.file("code.git")
    try Git.run(["init", "--quiet", "--bare", "--initial-branch=main", other.path])
    let work = root.file("work")
    try Git.run(["clone", "--quiet", other.path, work.path])
    try Data("# a project\n".utf8).write(to: work.appendingPathComponent("README.md"))
    try Git.run(["add", "README.md"], in: work)
    try Git.run(["commit", "--quiet", "-m", "start"], in: work)
    try Git.run(["push", "--quiet", "origin", "main"], in: work)
    let laptop = try device("laptop")
    try laptop.write("list.txt", ["milk"])
    for attempt in [{ try laptop.join(other.path) }, { try laptop.start(other.path) }] {
      XCTAssertThrowsError(try attempt()) { error in
        XCTAssertEqual(error as? SyncError, .notAHousehold(remote: other.path))
      }
      XCTAssertFalse(laptop.engine().isSyncing)
    }
    XCTAssertThrowsError(try laptop.start(work.path)) { error in
      XCTAssertEqual(error as? SyncError, .notAHousehold(remote: work.path))
    }
    XCTAssertEqual(laptop.lines("list.txt"), ["milk"])
    XCTAssertEqual(
      try Git.run(["--git-dir", other.path, "ls-tree", "--name-only", "main"]), "README.md\n")
  }

  func testInitOnAHouseholdSaysJoinAndJoinOnNothingSaysInit() throws {
    _ = try household()
    let tablet = try device("tablet")
    XCTAssertThrowsError(try tablet.start(remote.path)) { error in
      XCTAssertEqual(error as? SyncError, .householdThere(remote: self.remote.path))
    }
    let empty = root.file("empty.git")
    try Git.run(["init", "--quiet", "--bare", empty.path])
    XCTAssertThrowsError(try tablet.join(empty.path)) { error in
      XCTAssertEqual(error as? SyncError, .noHousehold(remote: empty.path))
    }
    XCTAssertFalse(tablet.engine().isSyncing)
  }

  func testADamagedIncomingDocumentKeepsThisDevicesCopyAndTheHouseholdHeals() throws {
    let (laptop, desktop) = try household()
    try laptop.write("list.txt", ["milk", "DAMAGED"])  // hand-edited into something unreadable
    try laptop.sync()
    try desktop.add("list.txt", ["apples"])
    let report = try desktop.sync()
    XCTAssertEqual(desktop.lines("list.txt"), ["milk", "bread", "apples"])
    XCTAssertTrue(
      report.notes.contains {
        $0.hasPrefix("the copy of list.txt from another device is damaged (it says DAMAGED)")
      }, "\(report.notes)")
    XCTAssertFalse(try remote.show("list.txt").contains("DAMAGED"))
    let repaired = try laptop.sync()
    XCTAssertEqual(laptop.lines("list.txt"), ["milk", "bread", "apples"])
    XCTAssertTrue(
      repaired.notes.contains { $0.hasPrefix("list.txt on this device was damaged") },
      "\(repaired.notes)")
    let kept = try FileManager.default.contentsOfDirectory(atPath: laptop.data.path)
      .filter { $0.hasPrefix("list.txt.corrupt-") }
    XCTAssertEqual(kept.count, 1, "the damaged file is kept beside it")
  }

  func testAFullDiskChangesNothingAndTheNextSyncFinishes() throws {
    guard let disk = ScratchMount.tmpfs(kilobytes: 4096) else {
      throw XCTSkip("mounting a small file system needs root")
    }
    defer { disk.unmount() }
    let laptop = try SyncDevice("laptop", in: disk.url)
    try laptop.write("people.txt", ["p1 Mia"])
    try laptop.write("list.txt", ["milk"])
    try laptop.start(remote.path)
    let desktop = try device("desktop")
    try desktop.join(remote.path)
    try desktop.add(
      "list.txt", (1...200).map { "item \($0) " + String(repeating: "x", count: 200) })
    try desktop.sync()
    try laptop.add("list.txt", ["cheese"])
    try disk.fill()
    XCTAssertThrowsError(try laptop.sync()) { error in
      XCTAssertTrue("\(error)".contains("No space left on device"), "\(error)")
    }
    XCTAssertEqual(laptop.lines("list.txt"), ["milk", "cheese"], "nothing was merged")
    try FileManager.default.removeItem(at: disk.url.appendingPathComponent("filler"))
    let report = try laptop.sync()
    XCTAssertEqual(report.received, 200)
    XCTAssertEqual(laptop.lines("list.txt").count, 202)
  }

  func testAShellWritingDuringASyncLosesNothing() throws {
    let (laptop, desktop) = try household()
    for round in 0..<4 {
      try desktop.add("list.txt", (0..<20).map { "desktop \(round) \($0)" })
      try desktop.sync()
      let writer = ShellWriter(device: laptop, prefix: "shell \(round)")
      writer.start()
      try laptop.sync()
      let written = writer.stop()
      XCTAssertGreaterThan(written.count, 0)
      let lines = Set(laptop.lines("list.txt"))
      for line in written { XCTAssertTrue(lines.contains(line), "\(line) was lost") }
      for index in 0..<20 { XCTAssertTrue(lines.contains("desktop \(round) \(index)")) }
    }
  }

  func testASyncKilledAfterItsJournalIsFinishedWithAShellsChangeMergedIn() throws {
    let (laptop, desktop) = try household()
    try desktop.add("list.txt", ["apples"])
    try desktop.sync()
    // The laptop's sync got as far as its journal: the merged list is staged, not in place.
    let engine = laptop.engine()
    let repository = try engine.repository()
    let before = try XCTUnwrap(engine.folder.syncedCommit())
    let mergedFrom = try repository.store(files: [
      laptop.data.appendingPathComponent("list.txt").path
    ])
    try SyncJournal(folder: engine.folder).stage(
      [
        SyncJournal.Entry(
          document: .household("list.txt"),
          destination: laptop.data.appendingPathComponent("list.txt"),
          contents: LineSetRules.document(["milk", "bread", "apples"]), mergedFrom: mergedFrom[0])
      ], synced: before)
    // A shell that was running writes the list before anyone finishes the journal.
    try laptop.add("list.txt", ["cheese"])
    try engine.finishInterrupted()
    XCTAssertEqual(Set(laptop.lines("list.txt")), ["milk", "bread", "apples", "cheese"])
    XCTAssertFalse(SyncJournal(folder: engine.folder).isPending)
    XCTAssertFalse(
      FileManager.default.fileExists(
        atPath: SyncJournal.stagedPath(for: laptop.data.appendingPathComponent("list.txt"))))
    try laptop.sync()
    try desktop.sync()
    XCTAssertEqual(Set(desktop.lines("list.txt")), ["milk", "bread", "apples", "cheese"])
  }

  func testCtrlCStopsASyncAndChangesNothing() throws {
    let (laptop, desktop) = try household()
    try desktop.add("list.txt", ["apples"])
    try desktop.sync()
    try laptop.add("list.txt", ["cheese"])
    XCTAssertThrowsError(try laptop.engine(interrupted: { true }).sync()) { error in
      XCTAssertEqual(error as? SyncError, .interrupted)
    }
    XCTAssertEqual(laptop.lines("list.txt"), ["milk", "bread", "cheese"])
    try laptop.sync()
    XCTAssertEqual(Set(laptop.lines("list.txt")), ["milk", "bread", "cheese", "apples"])
  }

  /// Two devices with Mia and Leo, and a shared list.
  private func household() throws -> (SyncDevice, SyncDevice) {
    let laptop = try device("laptop")
    try laptop.write("people.txt", ["p1 Mia", "p2 Leo"])
    try laptop.write("list.txt", ["milk", "bread"])
    try laptop.write("people/mia/items.txt", ["toy:1"])
    try laptop.start(remote.path)
    let desktop = try device("desktop")
    try desktop.join(remote.path)
    try laptop.sync()
    return (laptop, desktop)
  }
}

/// A shell on the same device that adds a line to the list again and again, under the list's
/// lock as every command writes, while a sync runs.
final class ShellWriter: @unchecked Sendable {
  private let device: SyncDevice
  private let prefix: String
  private let lock = NSLock()
  private var written: [String] = []
  private var stopping = false
  private let done = DispatchSemaphore(value: 0)

  init(device: SyncDevice, prefix: String) {
    self.device = device
    self.prefix = prefix
  }

  func start() {
    Thread { [self] in
      var count = 0
      while !isStopping {
        let line = "\(prefix) \(count)"
        if (try? device.add("list.txt", [line])) != nil {
          lock.lock()
          written.append(line)
          lock.unlock()
        }
        count += 1
        usleep(2_000)
      }
      done.signal()
    }.start()
  }

  private var isStopping: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopping
  }

  func stop() -> [String] {
    lock.lock()
    stopping = true
    lock.unlock()
    done.wait()
    lock.lock()
    defer { lock.unlock() }
    return written
  }
}

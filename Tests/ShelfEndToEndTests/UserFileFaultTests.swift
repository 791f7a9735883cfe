import Foundation
import ShelfTestSupport
import XCTest

/// The user's files under faults: an import killed at random points or stopped by a full disk
/// leaves the old state or the new one, and files that are not regular files are refused
/// without waiting or reading forever.
final class UserFileFaultTests: EndToEndTestCase {
  /// An export that changes all three files: favourites, a cart quantity and many marks.
  private func writeExport(marks: Int) throws -> URL {
    let episodes = (1...marks).map { #"{"id":\#($0),"season":1,"number":\#($0)}"# }
      .joined(separator: ",")
    let text = #"""
      {"format":"shelf-export","version":1,
       "favorites":{"toys":[1,2,3,42],"stories":[7],"products":[1001],"shows":[]},
       "cart":[{"kind":"toy","id":42,"quantity":5},{"kind":"product","id":1001,"quantity":2}],
       "watched":[{"showId":1,"episodes":[\#(episodes)]}]}
      """#
    let url = sandbox.file("export.json")
    try Data(text.utf8).write(to: url)
    return url
  }

  /// What `export all` prints for the data directory `directory` (a new start, which finishes
  /// or undoes an interrupted import first), without what differs between two directories
  /// made alike: the person's lasting id and the moments changes were recorded at.
  private func exported(_ directory: URL) throws -> String {
    let run = try start(["--data-dir", directory.path, "-c", "export all"], dataDirFlag: false)
      .wait(timeout: 60)
    XCTAssertEqual(run.status, 0, run.summary)
    return run.output.replacingOccurrences(
      of: #""(uid|nameChanged|bornChanged|changedAt|claimedAt)":"[^"]*""#, with: #""$1":"""#,
      options: .regularExpression)
  }

  private func makeOldState(in directory: URL) throws {
    let run = try start(
      [
        "--data-dir", directory.path, "-c", "fav toy:5", "-c", "buy toy:42 -n 1", "-c",
        "fav show:1",
      ], dataDirFlag: false
    ).wait(timeout: 60)
    XCTAssertEqual(run.status, 0, run.summary)
  }

  func testAnImportKilledAtRandomPointsLeavesTheOldStateOrTheNewOne() throws {
    // 5,000 marks here; CI runs it again with the 60,000 of a long-kept tracker.
    let export = try writeExport(marks: ScaleSettings.fromEnvironment().marks)
    let reference = sandbox.file("reference")
    try makeOldState(in: reference)
    let old = try exported(reference)
    let started = Date()
    let imported = try start(
      ["--data-dir", reference.path, "-c", "import \(export.path)"], dataDirFlag: false
    ).wait(timeout: 120)
    let duration = Date().timeIntervalSince(started)
    XCTAssertEqual(imported.status, 0, imported.summary)
    let new = try exported(reference)
    XCTAssertNotEqual(old, new)

    var outcomes: [String: Int] = [:]
    var generator = SystemRandomNumberGenerator()
    for attempt in 0..<12 {
      let directory = sandbox.file("attempt-\(attempt)")
      try makeOldState(in: directory)
      let running = try start(
        ["--data-dir", directory.path, "-c", "import \(export.path)"], dataDirFlag: false)
      usleep(UInt32(Double.random(in: 0.3...1.0, using: &generator) * duration * 1_000_000))
      kill(running.process.processIdentifier, SIGKILL)
      _ = try running.wait(timeout: 30)
      let after = try exported(directory)
      XCTAssertTrue(after == old || after == new, "attempt \(attempt): a mixed state")
      outcomes[after == old ? "old" : "new", default: 0] += 1
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix(".staged") || $0.contains("journal") || $0.hasSuffix(".shelf-tmp") }
      XCTAssertEqual(leftovers, [], "attempt \(attempt)")
    }
    print("import killed at random points: \(outcomes)")
  }

  func testAnImportStoppedByAFullDiskChangesNothing() throws {
    let mountPoint = sandbox.file("small")
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    let mounting = Process()
    mounting.executableURL = URL(fileURLWithPath: "/bin/mount")
    mounting.arguments = ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mountPoint.path]
    mounting.standardError = FileHandle.nullDevice
    try mounting.run()
    mounting.waitUntilExit()
    guard mounting.terminationStatus == 0 else {
      throw XCTSkip("cannot mount a small tmpfs here (needs root and mount rights)")
    }
    defer {
      let unmounting = Process()
      unmounting.executableURL = URL(fileURLWithPath: "/bin/umount")
      unmounting.arguments = [mountPoint.path]
      try? unmounting.run()
      unmounting.waitUntilExit()
    }
    let directory = mountPoint.appendingPathComponent("data")
    try makeOldState(in: directory)
    let old = try exported(directory)
    let export = try writeExport(marks: 20_000)  // about 1.4 MB of marks: more than fits
    let run = try start(
      ["--data-dir", directory.path, "-c", "import \(export.path)"], dataDirFlag: false
    ).wait(timeout: 60)
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertTrue(run.errors.contains("No space left on device"), run.errors)
    XCTAssertEqual(try exported(directory), old)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasPrefix(".") }
    XCTAssertEqual(leftovers, [])
  }

  func testAPipeAsTheCartIsAnErrorNamingItAndNothingWaits() throws {
    XCTAssertEqual(mkfifo(sandbox.dataFile("cart.plist").path, 0o600), 0)
    let run = try start(commands("cart")).wait(timeout: 10)
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertTrue(
      run.errors.contains(
        "cannot read \(sandbox.dataFile("cart.plist").path): a pipe (FIFO), not a regular file"),
      run.errors)
  }

  func testFavoritesLinkedToDevZeroIsAnErrorAndNothingIsRead() throws {
    try FileManager.default.createDirectory(
      at: sandbox.personFile("favorites.plist").deletingLastPathComponent(),
      withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.personFile("favorites.plist").path, withDestinationPath: "/dev/zero")
    let run = try start(commands("ls /favorites")).wait(timeout: 10)
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertTrue(run.errors.contains("a device, not a regular file"), run.errors)
    let link = try FileManager.default.destinationOfSymbolicLink(
      atPath: sandbox.personFile("favorites.plist").path)
    XCTAssertEqual(link, "/dev/zero", "left where it is")
  }
}

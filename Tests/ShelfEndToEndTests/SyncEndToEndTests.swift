import Foundation
import ShelfTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sync` as a user runs it, the built binary against data directories of its own and one
/// bare repository: kill -9 at random points, two devices at once, a shell writing meanwhile,
/// shelf's own identity whatever git's settings are, one line naming the cause of a failure.
final class SyncEndToEndTests: EndToEndTestCase {
  private var remote: String { sandbox.file("household.git").path }

  private func directory(_ name: String) -> URL { sandbox.file(name) }

  /// Runs commands in the device's data directory.
  @discardableResult
  private func on(
    _ device: String, _ lines: String..., environment: [String: String] = [:]
  ) throws -> ShelfRun {
    try shelf(
      ["--data-dir", directory(device).path] + lines.flatMap { ["-c", $0] }, dataDirFlag: false,
      environment: environment)
  }

  private func household() throws {
    XCTAssertEqual(try on("laptop", "sync init \(remote)").status, 0)
    XCTAssertEqual(try on("desktop", "sync join \(remote)").status, 0)
    XCTAssertEqual(try on("laptop", "sync").status, 0)
  }

  /// The first person's favourites, as `kind:id`.
  private func favorites(_ device: String) throws -> Set<String> {
    let run = try shelf(
      ["--data-dir", directory(device).path, "--profile", "me", "--json", "-c", "ls /favorites"],
      dataDirFlag: false)
    let listing = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any], run.summary)
    let rows = listing["rows"] as? [[String: Any]] ?? []
    return Set(rows.map { "\($0["kind"] ?? ""):\($0["id"] ?? "")" })
  }

  private func cartQuantity(_ device: String, _ item: String) throws -> Int {
    let run = try shelf(
      ["--data-dir", directory(device).path, "--json", "-c", "ls /cart"], dataDirFlag: false)
    let cart = try XCTUnwrap(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
    let rows = cart["rows"] as? [[String: Any]] ?? []
    return rows.first { "\($0["kind"] ?? ""):\($0["id"] ?? "")" == item }?["quantity"] as? Int ?? 0
  }

  func testAKillAtAnyPointLeavesTheOldStateOrTheMergedOneAndTheNextSyncFinishes() throws {
    try household()
    try on("laptop", "buy toy:42", "sync")
    try on("desktop", "sync")
    var random = SplitMix64(seed: 32)
    let toys = [12, 7, 3, 18, 25, 31]
    for (round, toy) in toys.enumerated() {
      // The laptop sends a favourite and a purchase; the desktop's sync is killed part-way.
      try on("laptop", "fav toy:\(toy)", "buy toy:\(toy)", "sync")
      try on("desktop", "buy toy:42")
      let running = try start(
        ["--data-dir", directory("desktop").path, "-c", "sync"], dataDirFlag: false)
      usleep(UInt32(random.next() % 400_000))
      kill(running.process.processIdentifier, SIGKILL)
      _ = try? running.wait(timeout: 10)
      // Whatever a start finishes, the two documents agree: both merged or neither.
      try on("desktop", "pwd")
      let favourite = try favorites("desktop").contains("toy:\(toy)")
      let bought = try cartQuantity("desktop", "toy:\(toy)") > 0
      XCTAssertEqual(favourite, bought, "round \(round): a mix of old and merged")
      let finished = try on("desktop", "sync")
      XCTAssertEqual(finished.status, 0, finished.summary)
      XCTAssertTrue(try favorites("desktop").contains("toy:\(toy)"), "round \(round)")
    }
    try on("laptop", "sync")
    XCTAssertEqual(try favorites("laptop"), try favorites("desktop"))
    XCTAssertEqual(try cartQuantity("laptop", "toy:42"), try cartQuantity("desktop", "toy:42"))
    XCTAssertEqual(
      try cartQuantity("desktop", "toy:42"), 1 + toys.count, "every purchase counted once")
    let leftovers = try FileManager.default.subpathsOfDirectory(atPath: directory("desktop").path)
      .filter { $0.hasSuffix(".sync-staged") || $0.hasSuffix("journal") }
    XCTAssertEqual(leftovers, [])
  }

  func testTwoDevicesSyncingAtOnceBothFinish() throws {
    try household()
    try on("laptop", "fav toy:42")
    try on("desktop", "fav toy:12")
    let runs = try ["laptop", "desktop"].map {
      try start(["--data-dir", directory($0).path, "-c", "sync"], dataDirFlag: false)
    }
    for run in runs {
      let result = try run.wait(timeout: 30)
      XCTAssertEqual(result.status, 0, result.summary)
    }
    try on("laptop", "sync")
    try on("desktop", "sync")
    for device in ["laptop", "desktop"] {
      XCTAssertEqual(try favorites(device), ["toy:42", "toy:12"], device)
    }
  }

  func testAShellWritingWhileAnotherProcessSyncsLosesNothing() throws {
    try household()
    let ids = [42, 12, 7, 3, 18, 25]
    let writer = try start(
      ["--data-dir", directory("laptop").path],
      input: .pipe(Data(ids.map { "fav toy:\($0)\n" }.joined().utf8)), dataDirFlag: false)
    for _ in 0..<3 { _ = try on("laptop", "sync") }
    XCTAssertEqual(try writer.wait().status, 0)
    try on("laptop", "sync")
    try on("desktop", "sync")
    XCTAssertEqual(try favorites("desktop"), Set(ids.map { "toy:\($0)" }))
  }

  func testCommitsAreShelfsOwnWhateverGitsSettingsAre() throws {
    let hooks = sandbox.home.appendingPathComponent("hooks")
    try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
    let hook = hooks.appendingPathComponent("pre-push")
    try Data("#!/bin/sh\nexit 1\n".utf8).write(to: hook)
    chmod(hook.path, 0o755)
    try Data(
      """
      [user]
        name = Someone Else
        email = someone@example.com
      [commit]
        gpgSign = true
      [core]
        hooksPath = \(hooks.path)
      """.utf8
    ).write(to: sandbox.home.appendingPathComponent(".gitconfig"))
    try household()
    try on("laptop", "fav toy:42", "sync")
    let log = try Process.output(
      "/usr/bin/git", ["--git-dir", remote, "log", "--format=%an <%ae>|%cn", "main"])
    let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? ""
    for line in log.split(separator: "\n") {
      XCTAssertFalse(line.contains("Someone"), String(line))
      XCTAssertTrue(line.hasPrefix(host) || line.contains("<shelf@"), String(line))
    }
  }

  func testAFailedSyncIsOneLineNamingTheCauseAndStatusOne() throws {
    try household()
    try FileManager.default.moveItem(atPath: remote, toPath: remote + ".away")
    let run = try on("desktop", "fav toy:42", "sync")
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.errorLines, ["shelf: line 2: sync: cannot reach \(remote): there is nothing there"])
    XCTAssertTrue(try favorites("desktop").contains("toy:42"), "the change stays")
    try FileManager.default.moveItem(atPath: remote + ".away", toPath: remote)
    let again = try on("desktop", "sync")
    XCTAssertEqual(again.outputLines, ["Synced: 1 change sent, 0 received"])
  }

  func testGitsOwnMessagesOnlyWithVerbose() throws {
    try household()
    try on("laptop", "fav toy:42")
    let quiet = try on("laptop", "sync")
    XCTAssertEqual(quiet.errors, "")
    try on("desktop", "fav toy:12")
    let verbose = try on("desktop", "sync --verbose")
    XCTAssertEqual(verbose.status, 0, verbose.summary)
    XCTAssertTrue(verbose.errors.contains("From "), verbose.summary)
    XCTAssertTrue(verbose.errors.contains("main       -> origin/main"), verbose.summary)
    XCTAssertTrue(verbose.errors.contains("To \(remote)"), verbose.summary)
    XCTAssertEqual(verbose.outputLines, ["Synced: 1 change sent, 1 received"])
  }
}

extension Process {
  /// What `program ARGUMENTS` prints on standard output.
  static func output(_ program: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = [
      "PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}

import Foundation
import XCTest

/// SPEC §5: property lists in the data directory, resuming, corrupt files, concurrent shells.
final class PersistenceTests: EndToEndTestCase {
  func testFilesOnDiskAreXMLPropertyListsWithVersion() throws {
    let run = try shelf(
      ["--resume"] + commands("cd /toys/Dolls", "fav 45", "buy 45 -n 2", "cd /stories/3-5"))
    XCTAssertEqual(run.status, 0, run.summary)
    for name in ["favorites.plist", "cart.plist", "preferences.plist"] {
      XCTAssertTrue(
        FileManager.default.fileExists(
          atPath: (name == "cart.plist" ? sandbox.dataFile(name) : sandbox.personFile(name)).path),
        "\(name) missing")
      _ = try propertyList(name)
    }
    XCTAssertEqual(try favoriteToyIDs(), [45])
    XCTAssertEqual(try cartQuantities(), ["toy:45": 2])
    let preferences = try propertyList("preferences.plist")
    let strings = preferences.values.compactMap { $0 as? String }
    XCTAssertTrue(strings.contains("/stories/3-5"), "last path not saved: \(preferences)")
    XCTAssertTrue(strings.contains("Dolls"), "last toy category not saved: \(preferences)")
  }

  /// A script records where it went only with --resume, so cron jobs don't move the place an
  /// interactive session resumes at.
  func testResumeInALaterPipedRun() throws {
    let first = try shelf(["--resume"] + commands("cd /toys/Dolls"))
    XCTAssertEqual(first.status, 0, first.summary)
    let elsewhere = try shelf(commands("cd /stories"))
    XCTAssertEqual(elsewhere.status, 0, elsewhere.summary)
    let resumed = try shelf(["--resume", "-c", "pwd"])
    XCTAssertEqual(resumed.outputLines, ["/toys/Dolls"], resumed.summary)
    XCTAssertFalse(resumed.output.contains("Resuming"), "a script says nothing about resuming")
    let fresh = try shelf(["-c", "pwd"])
    XCTAssertEqual(fresh.outputLines, ["/"], fresh.summary)
    let piped = try shelf([], input: .pipe(Data("pwd\n".utf8)))
    XCTAssertEqual(piped.outputLines, ["/"], piped.summary)
    let pipedResumed = try shelf(["--resume"], input: .pipe(Data("pwd\n".utf8)))
    XCTAssertEqual(pipedResumed.outputLines, ["/toys/Dolls"], pipedResumed.summary)
  }

  func testDataDirectoryFromShelfHome() throws {
    let home = sandbox.file("shelf-home")
    let run = try shelf(
      commands("cd /toys/Dolls", "fav 45"), dataDirFlag: false,
      environment: ["SHELF_HOME": home.path])
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertTrue(
      FileManager.default.fileExists(
        atPath: home.appendingPathComponent("profiles/me/favorites.plist").path))
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: sandbox.personFile("favorites.plist").path))
  }

  func testDataDirectoryFromXDGDataHome() throws {
    let run = try shelf(commands("cd /toys/Dolls", "fav 45"), dataDirFlag: false)
    XCTAssertEqual(run.status, 0, run.summary)
    let expected = sandbox.xdgData.appendingPathComponent("shelf/profiles/me/favorites.plist")
    XCTAssertTrue(FileManager.default.fileExists(atPath: expected.path), run.summary)
  }

  func testCorruptCartIsMovedAsideWithAWarning() throws {
    try FileManager.default.createDirectory(
      at: sandbox.dataDirectory, withIntermediateDirectories: true)
    let garbage = Data([0x00, 0xFF, 0x13, 0x37]) + Data("<plist>not really</pl".utf8)
    try garbage.write(to: sandbox.dataFile("cart.plist"))
    let run = try shelf(commands("cart", "cd /toys/Dolls", "buy 45 -n 2", "pwd"))
    XCTAssertTrue(run.errors.contains("warning"), run.summary)
    XCTAssertTrue(run.errors.contains("cart.plist"), run.summary)
    XCTAssertTrue(run.outputLines.contains("/toys/Dolls"), "the shell stopped\n\(run.summary)")
    let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.dataDirectory.path)
    let aside = names.filter { $0.hasPrefix("cart.plist.corrupt-") }
    XCTAssertEqual(aside.count, 1, "files: \(names)")
    if let name = aside.first {
      XCTAssertEqual(try Data(contentsOf: sandbox.dataFile(name)), garbage)
    }
    XCTAssertEqual(try cartQuantities(), ["toy:45": 2])
  }

  func testTwoShellsAtOnceLoseNoUpdate() throws {
    // Each shell buys 25 toys of its own and, interleaved, 5 × toy 100 that both buy.
    func lines(_ toys: ClosedRange<Int>) -> [String] {
      var result: [String] = []
      for (index, toy) in toys.enumerated() {
        result.append("buy toy:\(toy) -n 1")
        if index % 5 == 4 { result.append("buy toy:100 -n 1") }
      }
      return result
    }
    let first = try script("first.txt", lines: lines(1...25))
    let second = try script("second.txt", lines: lines(26...50))
    let shells = [
      try start([first.path]),
      try start([second.path]),
    ]
    for shell in shells {
      let run = try shell.wait(timeout: 60)
      XCTAssertEqual(run.status, 0, run.summary)
      XCTAssertEqual(run.outputLines.count, 30, run.summary)
    }
    var expected: [String: Int] = ["toy:100": 10]
    for toy in 1...50 { expected["toy:\(toy)"] = 1 }
    XCTAssertEqual(try cartQuantities(), expected)
  }
}

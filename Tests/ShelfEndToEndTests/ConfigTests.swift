import Foundation
import XCTest

/// Colour forcing, the config file, `--print-config` and where files go without `--data-dir`
/// (XDG state and cache directories, with a one-time move from the old places).
final class ConfigTests: EndToEndTestCase {
  private var configFile: URL {
    sandbox.xdgConfig.appendingPathComponent("shelf/config")
  }

  private func writeConfig(_ text: String) throws {
    try FileManager.default.createDirectory(
      at: configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: configFile)
  }

  /// Runs without the clean-output check (these runs may colour on purpose).
  private func run(
    _ arguments: [String], input: StandardInput = .none, dataDirFlag: Bool = true,
    environment: [String: String] = [:]
  ) throws -> ShelfRun {
    try start(arguments, input: input, dataDirFlag: dataDirFlag, environment: environment).wait()
  }

  // MARK: - Colour

  func testCLIColorForceColoursAPipeAndAScript() throws {
    let piped = try run(commands("ls /toys"), environment: ["CLICOLOR_FORCE": "1"])
    XCTAssertEqual(piped.status, 0, piped.summary)
    XCTAssertTrue(piped.stdout.contains(0x1B), "no colour with CLICOLOR_FORCE=1\n\(piped.summary)")

    let file = try script(lines: ["ls /toys"])
    let scripted = try run([file.path], environment: ["CLICOLOR_FORCE": "1"])
    XCTAssertEqual(scripted.status, 0, scripted.summary)
    XCTAssertTrue(scripted.stdout.contains(0x1B), "no colour in a script\n\(scripted.summary)")
    XCTAssertFalse(scripted.output.contains("shelf:/"), "a prompt in a script\n\(scripted.summary)")
  }

  func testNoColorWinsOverCLIColorForceAndTheConfig() throws {
    try writeConfig("color = always\n")
    let both = try shelf(
      commands("ls /toys"), environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"])
    XCTAssertEqual(both.status, 0, both.summary)
    let configured = try run(commands("ls /toys"))
    XCTAssertTrue(configured.stdout.contains(0x1B), "color = always ignored\n\(configured.summary)")
    let noColor = try shelf(commands("ls /toys"), environment: ["NO_COLOR": "1"])
    XCTAssertEqual(noColor.status, 0, noColor.summary)
    let flag = try shelf(
      ["--no-color"] + commands("ls /toys"), environment: ["CLICOLOR_FORCE": "1"])
    XCTAssertEqual(flag.status, 0, flag.summary)
  }

  // MARK: - Config file

  func testPrintConfigShowsEachValueAndWhereItCameFrom() throws {
    try writeConfig(
      """
      # shelf settings
      images = none
      pager = most
      resume = no
      spoilers = hide
      profile = Mia
      """)
    let result = try shelf(
      ["--print-config", "--no-color"], dataDirFlag: false,
      environment: ["PAGER": "less -FRX", "SHELF_HOME": sandbox.dataDirectory.path])
    XCTAssertEqual(result.status, 0, result.summary)
    XCTAssertEqual(
      result.outputLines,
      [
        "# config file: \(configFile.path)",
        "color = never  # --no-color",
        "images = none  # \(configFile.path):2",
        "pager = less -FRX  # environment PAGER",
        "resume = no  # \(configFile.path):4",
        "tvmaze-url = http://127.0.0.1:9  # environment SHELF_TVMAZE_URL",
        "data-dir = \(sandbox.dataDirectory.path)  # environment SHELF_HOME",
        "spoilers = hide  # \(configFile.path):5",
        "profile = Mia  # \(configFile.path):6",
        "sync = auto  # default",
      ], result.summary)
  }

  func testPrintConfigWithoutAConfigFileShowsTheDefaults() throws {
    // No `pager` on PATH (see CommandLineConventionTests for the one that has it).
    let result = try shelf(
      ["--print-config"], dataDirFlag: false,
      environment: ["PAGER": "", "PATH": sandbox.home.path])
    XCTAssertEqual(result.status, 0, result.summary)
    XCTAssertEqual(
      result.outputLines,
      [
        "# config file: \(configFile.path) (none)",
        "color = auto  # default",
        "images = auto  # default",
        "pager = less -R  # default",
        "resume = auto  # default",
        "tvmaze-url = http://127.0.0.1:9  # environment SHELF_TVMAZE_URL",
        "data-dir = \(sandbox.xdgData.appendingPathComponent("shelf").path)  # default",
        "spoilers = show  # default",
        "profile = me  # the login name",
        "sync = auto  # default",
      ], result.summary)
  }

  func testABadConfigLineStopsWithStatusTwoNamingTheFileAndLine() throws {
    try writeConfig("color = auto\n\ncolor = purple\n")
    let result = try shelf(commands("cd /toys"))
    XCTAssertEqual(result.status, 2, result.summary)
    XCTAssertEqual(
      result.errorLines,
      [
        "shelf: bad config file: \(configFile.path):3: color takes auto, always, never, not \"purple\""
      ],
      result.summary)
    XCTAssertEqual(result.output, "", "nothing ran")

    try writeConfig("colour = never\n")
    let unknown = try shelf(["--print-config"])
    XCTAssertEqual(unknown.status, 2, unknown.summary)
    XCTAssertTrue(
      unknown.errors.contains("\(configFile.path):1: unknown key \"colour\""), unknown.summary)
  }

  func testTheConfigResumeSettingIsUsedAndTheFlagBeatsIt() throws {
    try writeConfig("resume = yes\n")
    let first = try shelf(commands("cd /toys/Dolls"))
    XCTAssertEqual(first.status, 0, first.summary)
    let resumed = try shelf(commands("pwd"))
    XCTAssertEqual(resumed.outputLines, ["/toys/Dolls"], resumed.summary)
    let notResumed = try shelf(["--no-resume"] + commands("pwd"))
    XCTAssertEqual(notResumed.outputLines, ["/"], notResumed.summary)
  }

  func testTheConfigDataDirIsUsed() throws {
    let chosen = sandbox.file("chosen")
    try writeConfig("data-dir = \(chosen.path)\n")
    let result = try shelf(commands("cd /toys/Dolls", "fav 45"), dataDirFlag: false)
    XCTAssertEqual(result.status, 0, result.summary)
    XCTAssertTrue(
      FileManager.default.fileExists(
        atPath: chosen.appendingPathComponent("profiles/me/favorites.plist").path),
      result.summary)
  }

  // MARK: - XDG directories

  func testWithoutDataDirStateGoesToXDGStateHomeAndOldFilesMoveOnce() throws {
    let data = sandbox.xdgData.appendingPathComponent("shelf")
    let state = sandbox.xdgState.appendingPathComponent("shelf")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    let oldHistory = Data("_HiStOrY_V2_\ncd\\040/toys\n".utf8)
    try oldHistory.write(to: data.appendingPathComponent("history"))

    let result = try shelf(
      ["--resume"] + commands("cd /toys/Dolls", "fav 45"), dataDirFlag: false)
    XCTAssertEqual(result.status, 0, result.summary)
    XCTAssertTrue(
      FileManager.default.fileExists(
        atPath: data.appendingPathComponent("profiles/me/favorites.plist").path))
    XCTAssertTrue(
      FileManager.default.fileExists(
        atPath: data.appendingPathComponent("profiles/me/preferences.plist").path),
      "the last position is the person's")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: state.appendingPathComponent("preferences.plist").path)
    )
    XCTAssertEqual(try Data(contentsOf: state.appendingPathComponent("history")), oldHistory)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: data.appendingPathComponent("history").path))

    let resumed = try shelf(["--resume"] + commands("pwd"), dataDirFlag: false)
    XCTAssertEqual(resumed.outputLines, ["/toys/Dolls"], resumed.summary)
  }

  func testTheOldLastPositionBecomesTheFirstProfiles() throws {
    // A data directory written before the state directory and profiles existed.
    let data = sandbox.xdgData.appendingPathComponent("shelf")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    var preferences = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>"
    preferences += "<key>lastPath</key><string>/stories/3-5</string>"
    preferences += "<key>version</key><integer>1</integer></dict></plist>"
    try Data(preferences.utf8).write(to: data.appendingPathComponent("preferences.plist"))

    let resumed = try shelf(["--resume"] + commands("pwd"), dataDirFlag: false)
    XCTAssertEqual(resumed.outputLines, ["/stories/3-5"], resumed.summary)
    XCTAssertTrue(
      FileManager.default.fileExists(
        atPath: data.appendingPathComponent("profiles/me/preferences.plist").path))
    XCTAssertFalse(
      FileManager.default.fileExists(
        atPath: sandbox.xdgState.appendingPathComponent("shelf/preferences.plist").path))
  }

  func testWithDataDirStateStaysInThatDirectory() throws {
    let result = try shelf(["--resume"] + commands("cd /toys/Dolls"))
    XCTAssertEqual(result.status, 0, result.summary)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: sandbox.personFile("preferences.plist").path))
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: sandbox.xdgState.appendingPathComponent("shelf").path))
  }
}

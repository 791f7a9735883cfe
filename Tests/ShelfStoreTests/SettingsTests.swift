import Foundation
import ShelfStore
import XCTest

final class SettingsTests: XCTestCase {
  private var config: ConfigFile!

  override func setUpWithError() throws {
    try super.setUpWithError()
    config = try ConfigFile(
      path: "/c/config",
      text: """
        color = always
        images = none
        pager = most
        resume = no
        tvmaze-url = http://127.0.0.1:9000
        data-dir = ~/from-config
        """)
  }

  private func settings(
    _ commandLine: Settings.CommandLine = Settings.CommandLine(),
    environment: [String: String] = ["HOME": "/home/u"], config: ConfigFile? = nil
  ) -> Settings {
    Settings(commandLine: commandLine, environment: environment, config: config)
  }

  func testDefaultsWithNothingSet() {
    let resolved = settings()
    XCTAssertEqual(resolved.color, Settings.Value("auto", from: "default"))
    XCTAssertEqual(resolved.images, Settings.Value("auto", from: "default"))
    XCTAssertEqual(resolved.pager, Settings.Value("less -R", from: "default"))
    XCTAssertEqual(resolved.resume, Settings.Value("auto", from: "default"))
    XCTAssertEqual(resolved.tvmazeURL, Settings.Value("https://api.tvmaze.com", from: "default"))
    XCTAssertEqual(resolved.dataDirectory, Settings.Value("", from: "default"))
    XCTAssertTrue(resolved.resumes(interactive: true))
    XCTAssertFalse(resolved.resumes(interactive: false))
  }

  func testTheConfigFileBeatsTheDefaultsAndNamesItsLine() {
    let resolved = settings(config: config)
    XCTAssertEqual(resolved.color, Settings.Value("always", from: "/c/config:1"))
    XCTAssertEqual(resolved.images, Settings.Value("none", from: "/c/config:2"))
    XCTAssertEqual(resolved.pager, Settings.Value("most", from: "/c/config:3"))
    XCTAssertEqual(resolved.resume, Settings.Value("no", from: "/c/config:4"))
    XCTAssertEqual(resolved.tvmazeURL, Settings.Value("http://127.0.0.1:9000", from: "/c/config:5"))
    XCTAssertEqual(
      resolved.dataDirectory, Settings.Value("/home/u/from-config", from: "/c/config:6"))
    XCTAssertFalse(resolved.resumes(interactive: true))
  }

  func testTheEnvironmentBeatsTheConfigFile() {
    let environment = [
      "HOME": "/home/u", "NO_COLOR": "1", "PAGER": "less", "SHELF_TVMAZE_URL": "http://h:1",
      "SHELF_HOME": "/env/home",
    ]
    let resolved = settings(environment: environment, config: config)
    XCTAssertEqual(resolved.color, Settings.Value("never", from: "environment NO_COLOR"))
    XCTAssertEqual(resolved.pager, Settings.Value("less", from: "environment PAGER"))
    XCTAssertEqual(
      resolved.tvmazeURL, Settings.Value("http://h:1", from: "environment SHELF_TVMAZE_URL"))
    XCTAssertEqual(
      resolved.dataDirectory, Settings.Value("/env/home", from: "environment SHELF_HOME"))
    XCTAssertEqual(resolved.images.source, "/c/config:2", "no variable sets images")
  }

  func testCLIColorForceTurnsColourOnButNoColorWins() throws {
    let neverInConfig = try ConfigFile(path: "/c", text: "color = never")
    XCTAssertEqual(settings(config: neverInConfig).color, Settings.Value("never", from: "/c:1"))
    XCTAssertEqual(
      settings(environment: ["CLICOLOR_FORCE": "1"], config: neverInConfig).color,
      Settings.Value("always", from: "environment CLICOLOR_FORCE"))
    XCTAssertEqual(settings(environment: ["CLICOLOR_FORCE": "0"]).color.value, "auto")
    XCTAssertEqual(settings(environment: ["CLICOLOR_FORCE": ""]).color.value, "auto")
    XCTAssertEqual(
      settings(environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"]).color,
      Settings.Value("never", from: "environment NO_COLOR"))
    XCTAssertEqual(settings(environment: ["NO_COLOR": ""]).color.value, "auto", "empty NO_COLOR")
  }

  func testTheCommandLineBeatsEverything() {
    let environment = ["HOME": "/home/u", "CLICOLOR_FORCE": "1", "SHELF_HOME": "/env/home"]
    let resolved = settings(
      Settings.CommandLine(color: "never", images: "blocks", resume: true, dataDirectory: "/cli"),
      environment: environment, config: config)
    XCTAssertEqual(resolved.color, Settings.Value("never", from: "--no-color"))
    XCTAssertEqual(resolved.images, Settings.Value("blocks", from: "--images"))
    XCTAssertEqual(resolved.resume, Settings.Value("yes", from: "--resume"))
    XCTAssertEqual(resolved.dataDirectory, Settings.Value("/cli", from: "--data-dir"))
    XCTAssertTrue(resolved.resumes(interactive: false))
    XCTAssertEqual(
      settings(Settings.CommandLine(resume: false), config: config).resume,
      Settings.Value("no", from: "--no-resume"))
  }

  func testAllListsEveryConfigKeyInOrder() {
    XCTAssertEqual(settings().all.map(\.key), ConfigFile.keys)
  }
}

import Foundation
import ShelfStore
import ShelfTestSupport
import XCTest

final class ConfigFileTests: TemporaryDirectoryTestCase {
  private func parse(_ text: String) throws -> ConfigFile {
    try ConfigFile(path: "/cfg/shelf/config", text: text)
  }

  private func error(_ text: String) -> ConfigFileError? {
    do {
      _ = try parse(text)
      return nil
    } catch let error as ConfigFileError {
      return error
    } catch {
      return nil
    }
  }

  func testKeysValuesCommentsAndBlankLines() throws {
    let config = try parse(
      """
      # my settings
      color = always

        images=none
      pager = less -FRX
      resume = no
      tvmaze-url = http://127.0.0.1:8080/api
      data-dir = ~/shelf-data
      """)
    XCTAssertEqual(config.entries["color"], ConfigFile.Entry(value: "always", line: 2))
    XCTAssertEqual(config.entries["images"], ConfigFile.Entry(value: "none", line: 4))
    XCTAssertEqual(config.entries["pager"]?.value, "less -FRX")
    XCTAssertEqual(config.entries["resume"]?.value, "no")
    XCTAssertEqual(config.entries["tvmaze-url"]?.value, "http://127.0.0.1:8080/api")
    XCTAssertEqual(config.entries["data-dir"], ConfigFile.Entry(value: "~/shelf-data", line: 8))
  }

  func testEveryValuePrintConfigShowsReadsBack() throws {
    // --print-config prints the default resume as "auto": pasted into the file, it must load.
    let printed = Settings(commandLine: .init(), environment: [:], config: nil)
    let text = printed.all.map { "\($0.key) = \($0.value.value)" }
      .filter { !$0.hasSuffix("= ") }.joined(separator: "\n")
    let config = try parse(text)
    XCTAssertEqual(config.entries["resume"]?.value, "auto")
    XCTAssertEqual(config.entries["color"]?.value, "auto")
  }

  func testALaterLineOverridesAnEarlierOne() throws {
    let config = try parse("color = never\ncolor = always\n")
    XCTAssertEqual(config.entries["color"], ConfigFile.Entry(value: "always", line: 2))
  }

  func testErrorsNameTheFileAndTheLine() {
    XCTAssertEqual(
      error("color = auto\n\nthis is not a setting\n")?.description,
      "/cfg/shelf/config:3: expected key = value")
    XCTAssertEqual(
      error("colour = auto")?.description,
      "/cfg/shelf/config:1: unknown key \"colour\" (known: color, images, pager, resume, "
        + "tvmaze-url, data-dir, spoilers, profile, sync)")
    XCTAssertEqual(
      error("# ok\ncolor = sometimes")?.description,
      "/cfg/shelf/config:2: color takes auto, always, never, not \"sometimes\"")
    XCTAssertEqual(
      error("resume = maybe")?.description,
      "/cfg/shelf/config:1: resume takes yes, no, auto, not \"maybe\"")
    XCTAssertEqual(error("images = sixel")?.line, 1)
    XCTAssertEqual(error("pager =")?.description, "/cfg/shelf/config:1: pager needs a value")
    XCTAssertEqual(
      error("tvmaze-url = ftp://example.com")?.description,
      "/cfg/shelf/config:1: tvmaze-url must be an http or https URL, not \"ftp://example.com\"")
    XCTAssertEqual(
      error("data-dir = relative/dir")?.description,
      "/cfg/shelf/config:1: data-dir must be an absolute path (or start with ~/), not "
        + "\"relative/dir\"")
  }

  func testLoadReadsTheFileAndNoFileIsNoConfig() throws {
    XCTAssertNil(try ConfigFile.load(path: temporary.file("missing").path))
    try temporary.write("config", "images = blocks\n")
    let config = try XCTUnwrap(try ConfigFile.load(path: temporary.file("config").path))
    XCTAssertEqual(config.path, temporary.file("config").path)
    XCTAssertEqual(config.entries["images"]?.value, "blocks")
  }

  func testAnUnreadableConfigIsAnErrorWithTheSystemsReason() throws {
    // A directory where the file should be (chmod 000 does not stop root from reading).
    try FileManager.default.createDirectory(
      at: temporary.file("config"), withIntermediateDirectories: true)
    XCTAssertThrowsError(try ConfigFile.load(path: temporary.file("config").path)) { error in
      let description = String(describing: error)
      XCTAssertTrue(description.hasPrefix(temporary.file("config").path + ": "), description)
      XCTAssertTrue(description.contains("directory"), description)
    }
  }

  func testTheDefaultPathFollowsXDGConfigHome() {
    XCTAssertEqual(
      ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/u"]),
      "/x/config/shelf/config")
    XCTAssertEqual(
      ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"]),
      "/home/u/.config/shelf/config")
    XCTAssertEqual(
      ConfigFile.defaultPath(environment: ["HOME": "/home/u"]), "/home/u/.config/shelf/config")
  }
}

import Foundation
import ShelfShell
import ShelfTestSupport
import XCTest

/// Every example `help` gives runs as written from `/` (an example that needs a place starts
/// with its `cd`) against the shipped catalog (and a TVmaze stand-in serving the real
/// captures), each in a new session after the command's own setup lines (which make state:
/// a favorite to remove). Each session starts from one show store built once, copied.
final class HelpExampleTests: XCTestCase {
  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()

  func testEveryExampleRuns() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    try server.route(
      "/shows?page=0",
      file: Self.fixtures.appendingPathComponent("ShelfTVTests/Fixtures/shows-page-0.json"))
    server.route("/shows?page=1", always: .status(404))
    try server.route(
      "/shows/1/episodes",
      file: Self.fixtures.appendingPathComponent("ShelfCatalogTests/Fixtures/show-1-episodes.json"))
    try server.route(
      "/search/shows?q=girls",
      file: Self.fixtures.appendingPathComponent("ShelfTVTests/Fixtures/search-shows-girls.json"))
    // `import`'s examples read an export in the working directory and under the home.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shelf-examples-\(UUID().uuidString)")
    let home = folder.appendingPathComponent("home")
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("backup"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let exported = try TestLibrary()
    defer { withExtendedLifetime(exported) {} }  // its folder goes when the test is done with it
    let exporter = Session(
      library: try exported.make(), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    let export = try XCTUnwrap(exporter.execute("export").report.flatMap(JSONRenderer().render))
    try export.write(
      to: folder.appendingPathComponent("shelf.json"), atomically: true, encoding: .utf8)
    try export.write(
      to: home.appendingPathComponent("backup/cart.json"), atomically: true, encoding: .utf8)
    let working = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(folder.path)
    defer { _ = FileManager.default.changeCurrentDirectoryPath(working) }

    let template = try TestLibrary()
    do {
      let builder = Session(
        library: try template.make(baseURL: server.baseURL),
        options: SessionOptions(interactive: false), asker: ScriptedAsker(),
        opener: RecordingOpener())
      XCTAssertNil(builder.execute("find dome").error, "the template show store")
    }

    var ran = 0
    for command in CommandRegistry.standard.visible {
      for example in command.examples where !example.hasPrefix("shelf ") {
        let files = try TestLibrary()
        try files.copyShowStore(from: template)
        let asker = ScriptedAsker()
        asker.answers = Array(repeating: "", count: 4)  // Enter: the default answer
        let session = Session(
          library: try files.make(baseURL: server.baseURL),
          options: SessionOptions(interactive: true, homeDirectory: home.path), asker: asker,
          opener: RecordingOpener())
        for line in command.exampleSetup {
          XCTAssertNil(session.execute(line).error, "\(command.name) setup: \(line)")
        }
        // Examples run as written from `/`: one that needs a place starts with its `cd`.
        if session.location != .home { XCTAssertNil(session.execute("cd /").error) }
        for outcome in session.run(example) {
          XCTAssertNil(
            outcome.error, "help \(command.name): \(example) → \(outcome.errorMessage ?? "")")
        }
        ran += 1
      }
    }
    XCTAssertGreaterThan(ran, 60)
  }
}

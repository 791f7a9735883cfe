import Foundation
import ShelfTestSupport
import XCTest

/// The built programs laid out as `tools/install` lays them out, run from elsewhere, by another
/// name and with no hint of the checkout: they find the catalog and each other from their own
/// resolved path, never from the working directory, argv[0] or the source tree.
final class InstalledLayoutTests: EndToEndTestCase {
  private var prefix: URL { sandbox.file("prefix") }

  /// `<prefix>/bin/shelf`, `<prefix>/libexec/shelf/shelf-fetch`, `<prefix>/share/shelf/catalog`.
  private func install() throws {
    let manager = FileManager.default
    for directory in ["bin", "libexec/shelf", "share/shelf"] {
      try manager.createDirectory(
        at: prefix.appendingPathComponent(directory), withIntermediateDirectories: true)
    }
    try manager.copyItem(at: binary, to: prefix.appendingPathComponent("bin/shelf"))
    try manager.copyItem(
      at: binary.deletingLastPathComponent().appendingPathComponent("shelf-fetch"),
      to: prefix.appendingPathComponent("libexec/shelf/shelf-fetch"))
    try manager.copyItem(
      at: ShelfBinary.catalog, to: prefix.appendingPathComponent("share/shelf/catalog"))
  }

  /// The sandbox's environment without SHELF_CATALOG, with `directory` first on PATH.
  private func environment(path directory: URL) -> [String: String] {
    var environment = sandbox.environment
    environment["SHELF_CATALOG"] = nil
    environment["PATH"] = directory.path + ":/usr/bin:/bin"
    return environment
  }

  /// `shelf ARGUMENTS` as a user types it: found through PATH (so argv[0] is the bare name),
  /// in the home directory.
  private func runThroughPath(
    _ arguments: [String], path directory: URL, extra: [String: String] = [:]
  ) throws -> ShelfRun {
    try RunningShelf(
      binary: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["shelf"] + arguments,
      environment: environment(path: directory).merging(extra) { _, new in new }, input: .none,
      workingDirectory: sandbox.home
    ).wait()
  }

  func testAnInstalledShelfReachedThroughASymbolicLinkFindsItsCatalog() throws {
    try install()
    let links = sandbox.file("links")
    try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: links.appendingPathComponent("shelf"),
      withDestinationURL: prefix.appendingPathComponent("bin/shelf"))

    let run = try runThroughPath(dataDirArguments(["-c", "ls /toys"]), path: links)
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertTrue(run.output.contains("Dolls"), run.summary)
    XCTAssertEqual(run.errors, "", run.summary)
  }

  func testAnInstalledShelfRunsItsHelperFromLibexec() throws {
    try install()
    // The helper beside the build's shelf is not there: only libexec/shelf/ has one.
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: prefix.appendingPathComponent("bin/shelf-fetch").path))
    let server = try TestHTTPServer()
    defer { server.stop() }
    let page = ShelfBinary.repositoryRoot.appendingPathComponent(
      "Tests/ShelfTVTests/Fixtures/shows-page-0.json")
    let shows = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: page)) as? [[String: Any]])
    var renamed = Array(shows.prefix(3))
    renamed[0]["name"] = "Served By The Test Server"
    server.route(
      "/shows?page=0",
      always: .init(status: 200, body: try JSONSerialization.data(withJSONObject: renamed)))

    let run = try runThroughPath(
      dataDirArguments(["-c", "refresh", "-c", "ls /shows"]),
      path: prefix.appendingPathComponent("bin"),
      extra: ["SHELF_TVMAZE_URL": server.baseURL.absoluteString])
    XCTAssertEqual(run.status, 0, run.summary)
    XCTAssertTrue(run.output.contains("Fetched 3 shows"), run.summary)
    XCTAssertTrue(run.output.contains("Served By The Test Server"), run.summary)
  }

  func testACopyWithNoCatalogBesideItSaysWhereItLooked() throws {
    let loose = sandbox.file("loose/bin")
    try FileManager.default.createDirectory(at: loose, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: binary, to: loose.appendingPathComponent("shelf"))

    let run = try runThroughPath(dataDirArguments(["-c", "pwd"]), path: loose)
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(run.output, "", run.summary)
    XCTAssertEqual(run.errorLines.count, 1, run.summary)
    let message = run.errorLines.first ?? ""
    XCTAssertTrue(message.contains("no catalog found"), run.summary)
    XCTAssertTrue(message.contains(sandbox.file("loose/share/shelf/catalog").path), run.summary)
    XCTAssertTrue(message.contains("SHELF_CATALOG"), run.summary)
  }
}

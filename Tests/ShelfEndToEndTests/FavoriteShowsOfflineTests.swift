import Foundation
import ShelfTestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Favourite shows through the built `shelf`: the network gone after half the favourites were
/// fetched (what can be shown is, exit 0, one warning), and the temporary files of a shell
/// killed while it saved episodes removed at the next start.
final class FavoriteShowsOfflineTests: EndToEndTestCase {
  private static let capture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(
      "ShelfCatalogTests/Fixtures/show-1-episodes.json")

  func testOfflineNextShowsWhatItHasAndNamesTheRestExitingZero() throws {
    let server = try TestHTTPServer()
    server.route("/shows/1/episodes", always: .json(try Data(contentsOf: Self.capture)))
    let online = ["SHELF_TVMAZE_URL": server.baseURL.absoluteString]
    let fetched = try shelf(commands("fav show:1"), environment: online)
    XCTAssertEqual(fetched.status, 0, fetched.summary)
    server.stop()

    let offline = try shelf(commands("fav show:2", "next"), environment: online)
    XCTAssertEqual(offline.status, 0, offline.summary)
    XCTAssertTrue(offline.output.contains("Under the Dome"), offline.summary)
    XCTAssertEqual(
      offline.errorLines,
      [
        "shelf: warning: episodes of \"Person of Interest\" not saved for offline use: cannot"
          + " reach TVmaze: connection refused",
        "shelf: warning: left out \"Person of Interest\", whose episodes were never fetched:"
          + " cannot reach TVmaze: connection refused",
      ], offline.summary)

    let nothing = try shelf(commands("unfav show:1 -y", "upcoming"), environment: online)
    XCTAssertEqual(nothing.status, 1, nothing.summary)
    XCTAssertEqual(
      nothing.errorLines,
      [
        "shelf: line 2: upcoming: episodes of \"Person of Interest\": cannot reach TVmaze:"
          + " connection refused"
      ], nothing.summary)
  }

  func testTemporaryEpisodeFilesOfAKilledShellAreRemovedAtTheNextStart() throws {
    let episodes = sandbox.dataFile("episodes")
    try FileManager.default.createDirectory(at: episodes, withIntermediateDirectories: true)
    let stale = ".5.json.\(try EndedProcess.id())-00000000deadbeef.shelf-tmp"
    let running = ".6.json.\(getpid())-00000000cafef00d.shelf-tmp"
    for name in [stale, running, "5.json"] {
      try Data("[]".utf8).write(to: episodes.appendingPathComponent(name))
    }
    let run = try shelf(commands("pwd"))
    XCTAssertEqual(run.status, 0, run.summary)
    let left = try FileManager.default.contentsOfDirectory(atPath: episodes.path).sorted()
    XCTAssertEqual(left, [running, "5.json"].sorted(), "a running process's file stays")
  }
}

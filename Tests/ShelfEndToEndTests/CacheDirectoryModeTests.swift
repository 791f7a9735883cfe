import Foundation
import XCTest

/// The cache directory is private, as the data directory is: it is created 0700 and the show
/// store in it 0600 (which shows someone follows is nobody else's business).
final class CacheDirectoryModeTests: EndToEndTestCase {
  private func mode(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try XCTUnwrap(attributes[.posixPermissions] as? Int) & 0o777
  }

  func testTheCacheDirectoryAndTheShowStoreArePrivate() throws {
    let run = try shelf(["-c", "ls /shows"])
    XCTAssertEqual(run.status, 0, run.summary)
    let cache = sandbox.xdgCache.appendingPathComponent("shelf")
    XCTAssertEqual(try mode(cache), 0o700)
    let store = cache.appendingPathComponent("shows.sqlite")
    XCTAssertEqual(try mode(store), 0o600)
    let names = try FileManager.default.contentsOfDirectory(atPath: cache.path)
    for name in names where name.hasPrefix("shows.sqlite") {
      XCTAssertEqual(try mode(cache.appendingPathComponent(name)), 0o600, name)
    }
  }
}

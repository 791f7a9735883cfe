import Foundation
import XCTest

@testable import ShelfShell

/// `find --limit N` from `/` takes only each section's first N matches before merging them:
/// what it shows is the first N rows of the whole merged list, and its total is every match.
final class HomeFindLimitTests: XCTestCase {
  func testALimitedFindFromHomeShowsTheFirstRowsOfTheWholeFind() throws {
    let files = try TestLibrary()
    let session = Session(
      library: try files.make(), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    for words in ["the", "bear", "wodden", "a"] {
      let all = try XCTUnwrap(json(session.execute("find \(words)"))["rows"] as? [[String: Any]])
      XCTAssertGreaterThan(all.count, 3, words)
      for limit in [1, 3, all.count - 1] {
        let limited = try json(session.execute("find \(words) --limit \(limit)"))
        let rows = try XCTUnwrap(limited["rows"] as? [[String: Any]])
        XCTAssertEqual(
          rows.map { $0["path"] as? String }, all.prefix(limit).map { $0["path"] as? String },
          "\(words) --limit \(limit)")
        XCTAssertEqual(limited["total"] as? Int, all.count)
      }
    }
  }
}

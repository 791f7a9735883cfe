import XCTest

@testable import ShelfShell

/// `find --limit N` shows N rows and says how many matched in all, in text and in JSON.
final class FindTotalTests: XCTestCase {
  private var files: TestLibrary!
  private var session: Session!

  override func setUpWithError() throws {
    files = try TestLibrary()
    session = Session(
      library: try files.make(), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener(), start: .toys)
  }
  override func tearDown() {
    session = nil
    files = nil
    super.tearDown()
  }

  func testALimitedFindGivesTheTotalBesideTheRowsShown() throws {
    let all = try json(session.execute("find wooden"))
    let allRows = try XCTUnwrap(all["rows"] as? [[String: Any]])
    XCTAssertGreaterThan(allRows.count, 3)
    XCTAssertEqual(all["total"] as? Int, allRows.count)
    XCTAssertTrue(
      plain(session.execute("find wooden")).hasPrefix("\(allRows.count) found for \"wooden\""))

    let limited = try json(session.execute("find wooden --limit 3"))
    XCTAssertEqual((limited["rows"] as? [[String: Any]])?.count, 3)
    XCTAssertEqual(limited["total"] as? Int, allRows.count)
    XCTAssertTrue(
      plain(session.execute("find wooden --limit 3")).hasPrefix(
        "3 of \(allRows.count) found for \"wooden\" in /toys\n"),
      plain(session.execute("find wooden --limit 3")))
  }

  /// The total counts what the price window keeps, not every match of the words.
  func testTheTotalCountsOnlyWhatTheFiltersKeep() throws {
    let windowed = try json(session.execute("find wooden --price 10-20"))
    let rows = try XCTUnwrap(windowed["rows"] as? [[String: Any]])
    XCTAssertEqual(windowed["total"] as? Int, rows.count)
    let sorted = try json(session.execute("find wooden --price 10-20 --sort price --limit 2"))
    XCTAssertEqual(sorted["total"] as? Int, rows.count)
    XCTAssertEqual((sorted["rows"] as? [[String: Any]])?.count, 2)
  }

  /// From `/` the sections' matches are merged; the total is of all of them.
  func testTheTotalFromHomeCountsEverySection() throws {
    session = Session(
      library: try files.make(), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener())
    let all = try json(session.execute("find the"))
    let count = try XCTUnwrap(all["rows"] as? [[String: Any]]).count
    let limited = try json(session.execute("find the --limit 1"))
    XCTAssertEqual(limited["total"] as? Int, count)
    XCTAssertEqual((limited["rows"] as? [[String: Any]])?.count, 1)
  }
}

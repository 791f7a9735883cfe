import Foundation
import ShelfTestSupport
import XCTest

@testable import ShelfShell

/// `find` in /shows over a store of 749 generated shows: the first find of a session is
/// answered from the store's word index, later ones from the index in memory, and both print
/// the same; many results are printed as one table would print them.
final class ShowFindIndexSessionTests: XCTestCase {
  private var server: TestHTTPServer!
  private var files: TestLibrary!
  private let generated = GeneratedShows(count: 749)

  override func setUpWithError() throws {
    try super.setUpWithError()
    server = try TestHTTPServer()
    files = try TestLibrary()
    generated.serve(on: server, pages: 4)
    let session = try newSession()
    XCTAssertNil(session.execute("refresh --all").error)
  }

  override func tearDown() {
    server?.stop()
    server = nil
    files = nil
    super.tearDown()
  }

  /// A session as a new process starts it, in /shows.
  private func newSession() throws -> Session {
    Session(
      library: try files.make(baseURL: server.baseURL), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener(), start: .shows)
  }

  private let styles = [
    TerminalStyle(colors: false, width: TerminalStyle.unbounded),
    TerminalStyle(colors: false, width: 60), TerminalStyle(colors: true, width: 120),
  ]

  func testTheFirstAndLaterFindsAnswerAlike() throws {
    for query in ["silent", "sil", "ilent", "slient rivr", "drama", "7", "harbour comedy", "e"] {
      let session = try newSession()
      let first = plain(session.execute("find \(query)"))
      let again = plain(session.execute("find \(query)"))
      XCTAssertEqual(first, again, query)
      XCTAssertEqual(
        try json(try newSession().execute("find \(query)"))["rows"] as? NSArray,
        try json(session.execute("find \(query)"))["rows"] as? NSArray, query)
    }
  }

  /// The report's heading and one table of every JSON row of `screen` (each show read whole),
  /// laid out at once.
  private func wholeTable(_ report: Report, _ screen: SearchScreen) -> [Block] {
    let rows = Array(screen.search.rows)
    return Array(report.blocks.prefix(1)) + [
      .table(
        Table(
          columns: screen.columns.map {
            Table.Column($0.title, $0.alignment, flexible: $0.flexible)
          },
          rows: rows.map { row in screen.columns.map { $0.cell(row) } }))
    ]
  }

  /// A screen of results prints its table from the rows find read: the same table the JSON
  /// rows (each show read whole) make, favourites and a child's fits marked.
  func testFewResultsPrintAsTheirWholeRows() throws {
    let session = try newSession()
    XCTAssertNil(session.execute("profile add Mia --born 2021-03").error)
    for query in ["silent", "drama harbour", "7"] {
      let found = try XCTUnwrap(session.execute("find \(query)").report)
      let first = try XCTUnwrap(found.screen as? SearchScreen)
      if let id = first.search.rows.first?.item.id {
        XCTAssertNil(session.execute("fav \(id)").error)
      }
      for command in ["find \(query)", "find \(query) --for Mia"] {
        let report = try XCTUnwrap(session.execute(command).report, command)
        XCTAssertFalse(report.isStreamed)
        let screen = try XCTUnwrap(report.screen as? SearchScreen)
        XCTAssertFalse(screen.search.rows.isEmpty, command)
        XCTAssertLessThanOrEqual(screen.search.rows.count, 500)
        let rows = Array(screen.search.rows)
        let whole = wholeTable(report, screen)
        for style in styles {
          let renderer = TextRenderer(style: style)
          XCTAssertEqual(
            renderer.render(report).split(separator: "\n").prefix(rows.count + 2),
            renderer.render(whole).split(separator: "\n").prefix(rows.count + 2),
            "\(command) \(style)")
        }
      }
    }
  }

  func testManyResultsPrintAsTheWholeTable() throws {
    let session = try newSession()
    XCTAssertNil(session.execute("fav 3").error)
    let report = try XCTUnwrap(session.execute("find e").report)
    XCTAssertTrue(report.isStreamed)
    let screen = try XCTUnwrap(report.screen as? SearchScreen)
    XCTAssertGreaterThan(screen.search.rows.count, 500)
    let whole = wholeTable(report, screen)
    for style in styles {
      let renderer = TextRenderer(style: style)
      XCTAssertEqual(renderer.render(report), renderer.render(whole), "\(style)")
    }
    XCTAssertTrue(TextRenderer(style: styles[0]).render(report).contains("★"))
  }
}

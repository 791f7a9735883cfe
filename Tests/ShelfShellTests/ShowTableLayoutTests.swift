import Foundation
import ShelfShell
import ShelfTerminal
import ShelfTestSupport
import XCTest

/// `ls /shows` at TVmaze's size: the table is laid out before its first row from the store's
/// widths, so at 60, 80 and 200 columns and in a pipe every id is whole and every column
/// starts at the same place on every row, though the widest names come last.
final class ShowTableLayoutTests: XCTestCase {
  func testEightyFiveThousandShowsKeepEveryIdWholeAndEveryColumnInPlace() throws {
    let generated = GeneratedShows(count: 85_000)
    // The widest names are far past the first rows: one of wide characters, one long.
    generated.rename(84_321, to: "極楽院 ゴクギ Last Man Standing 84321")
    generated.rename(60_000, to: "The Extraordinarily Long Name of a Show Far Down the List 60000")
    let server = try TestHTTPServer()
    defer { server.stop() }
    generated.serve(on: server, pages: 341)
    let files = try TestLibrary()
    let clock = SkippingClock()
    let session = Session(
      library: try files.make(baseURL: server.baseURL, clock: clock.clock),
      options: SessionOptions(interactive: false), asker: ScriptedAsker(),
      opener: RecordingOpener())
    XCTAssertNil(session.execute("refresh --all").error)
    let report = try XCTUnwrap(session.execute("ls /shows").report)

    for width in [60, 80, 200, TerminalStyle.unbounded] {
      let lines = TextRenderer(style: TerminalStyle(colors: false, width: width)).render(report)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let header = try XCTUnwrap(lines.first { $0.hasPrefix("   Id  Name") }, "width \(width)")
      let rows = lines.filter { $0.first.map { $0 == " " || $0.isNumber } ?? false }
        .filter { $0 != header }
      XCTAssertEqual(rows.count, 85_000, "width \(width)")
      // Ids are right-aligned in five columns and whole: every id from 1 to 85,000 is there.
      let ids = rows.compactMap { Int($0.prefix(5).trimmingCharacters(in: .whitespaces)) }
      XCTAssertEqual(ids, Array(1...85_000), "width \(width)")
      // The rating ends where the header's "Rating" ends, on every row.
      let ratingEnd = try XCTUnwrap(Self.end(of: "Rating", in: header))
      for row in rows {
        let before = Self.prefix(row, columns: ratingEnd)
        guard
          before.hasSuffix("–") || before.range(of: #"\d\.\d$"#, options: .regularExpression) != nil
        else {
          return XCTFail("width \(width): the rating is out of place in \(row)")
        }
      }
      if width < TerminalStyle.unbounded {
        XCTAssertTrue(
          rows.allSatisfy { DisplayWidth.of($0) <= width }, "width \(width): a row is too wide")
      } else {
        XCTAssertTrue(rows.contains { $0.contains("極楽院 ゴクギ Last Man Standing 84321") })
        XCTAssertTrue(rows.contains { $0.contains("Far Down the List 60000") }, "nothing is cut")
      }
    }
  }

  /// The display column just after `word` in `line`.
  private static func end(of word: String, in line: String) -> Int? {
    guard let range = line.range(of: word) else { return nil }
    return DisplayWidth.of(String(line[..<range.upperBound]))
  }

  /// The first `columns` display columns of `line`.
  private static func prefix(_ line: String, columns: Int) -> String {
    var result = ""
    var used = 0
    for character in line {
      let width = DisplayWidth.of(String(character))
      guard used + width <= columns else { break }
      result.append(character)
      used += width
    }
    return result
  }
}

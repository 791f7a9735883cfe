import Foundation
import ShelfShell
import ShelfTerminal
import ShelfTestSupport
import XCTest

/// `ls /shows` at scale: the table is laid out before its first row from the store's widths, so
/// at 60, 80 and 200 columns and in a pipe every id is whole and every column starts at the
/// same place on every row, though the widest names come last. 3,000 shows by default; CI runs
/// it again at TVmaze's size (`SHELF_SCALE_SHOWS=85000`, about 100 s).
final class ShowTableLayoutTests: XCTestCase {
  func testAStoreAtScaleKeepsEveryIdWholeAndEveryColumnInPlace() throws {
    let count = ScaleSettings.fromEnvironment().shows
    let generated = GeneratedShows(count: count)
    // The widest names are far past the first rows: one of wide characters, one long.
    let wide = count - count / 12
    let long = count - count / 3
    let wideName = "極楽院 ゴクギ Last Man Standing \(wide)"
    let longName = "The Extraordinarily Long Name of a Show Far Down the List \(long)"
    generated.rename(wide, to: wideName)
    generated.rename(long, to: longName)
    let server = try TestHTTPServer()
    defer { server.stop() }
    generated.serve(on: server, pages: count / GeneratedShows.pageSize + 1)
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
      let idWidth = String(count).count
      let header = try XCTUnwrap(
        lines.first { $0.hasPrefix(String(repeating: " ", count: idWidth - 2) + "Id  Name") },
        "width \(width)")
      let rows = lines.filter { $0.first.map { $0 == " " || $0.isNumber } ?? false }
        .filter { $0 != header }
      XCTAssertEqual(rows.count, count, "width \(width)")
      // Ids are right-aligned in as many columns as the largest has digits, and whole: every id
      // from 1 to `count` is there.
      let ids = rows.compactMap { Int($0.prefix(idWidth).trimmingCharacters(in: .whitespaces)) }
      XCTAssertEqual(ids, Array(1...count), "width \(width)")
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
        XCTAssertTrue(rows.contains { $0.contains(wideName) })
        XCTAssertTrue(rows.contains { $0.contains(longName) }, "nothing is cut")
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

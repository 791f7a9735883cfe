import CTurboJPEG
import Foundation
import ShelfDomain
import ShelfShell
import ShelfStore
import ShelfTV
import ShelfTerminal
import ShelfTestSupport
import XCTest

extension ShowsSessionTests {
  // MARK: - Rows: Favorite on green, Delete on red

  func testShowRowsSayFavoriteOrDeletePlainAndInColour() throws {
    let session = try makeSession()
    run(session, "refresh")
    run(session, "fav show:2")
    let listing = try XCTUnwrap(run(session, "ls /shows").report)

    let plainText = TextRenderer(style: TerminalStyle(colors: false, width: 200)).render(listing)
    XCTAssertTrue(row(containing: "Under the Dome", in: plainText).contains("★") == false)
    XCTAssertTrue(row(containing: "Person of Interest", in: plainText).hasSuffix("★"))
    XCTAssertFalse(plainText.contains("\u{1B}"))

    let coloured = TextRenderer(style: TerminalStyle(colors: true, width: 200)).render(listing)
    let saveRow = row(containing: "Under the Dome", in: coloured)
    let deleteRow = row(containing: "Person of Interest", in: coloured)
    XCTAssertNotNil(
      saveRow.range(of: #"\x1B\[[0-9;]*42m *Favorite *\x1B\[0m"#, options: .regularExpression),
      saveRow.debugDescription)
    XCTAssertNotNil(
      deleteRow.range(of: #"\x1B\[[0-9;]*41m *Delete *\x1B\[0m"#, options: .regularExpression),
      deleteRow.debugDescription)
    XCTAssertFalse(saveRow.contains("Delete"))
    XCTAssertFalse(deleteRow.contains("Favorite"))

    // Where pictures are not drawn (a pipe), --posters lists the same one line per show.
    let posters = plain(run(session, "ls /shows --posters"))
    XCTAssertEqual(posters, plain(run(session, "ls /shows")))
    // Where they are, each show has its poster (image.medium) beside it.
    // Here the posters come from the API's own host, so they are paced as its calls are (20 in
    // 10 s): a clock that skips the waits keeps the 240 of them from taking two minutes.
    let drawing = try makeSession(drawsImages: true, clock: SkippingClock().clock)
    let drawn = plain(run(drawing, "ls /shows --posters"))
    XCTAssertTrue(drawn.contains("1  Under the Dome"), drawn)
    XCTAssertEqual(server.requestCount(Self.medium1), 1)
  }

  /// `--posters` is the same list as `ls /shows` (its orders, filters and limit), each row
  /// laid out as the table's beside its poster, and only the posters shown are fetched.
  func testThePosterListingIsTheListWithItsOrderFiltersAndLimit() throws {
    run(try makeSession(), "refresh")
    let drawing = try makeSession(drawsImages: true, clock: SkippingClock().clock)
    let style = TerminalStyle(colors: false, width: 160, imagePalette: .trueColor)
    for options in ["--limit 2 --sort rating", "--genre Comedy --limit 3 --reverse"] {
      let before = server.targets.count
      let report = try XCTUnwrap(run(drawing, "ls /shows --posters \(options)").report)
      let drawn = TextRenderer(style: style).render(report)
      let listed = try XCTUnwrap(
        json(run(drawing, "ls /shows \(options)"))["rows"] as? [[String: Any]])
      let table = plain(run(drawing, "ls /shows \(options)"))
      // The heading, then the table's header and each of its rows beside a poster.
      let tableLines = table.split(separator: "\n").map(String.init)
      let drawnLines = drawn.split(separator: "\n").map { TerminalText.sanitize(String($0)) }
      XCTAssertEqual(drawnLines.first, tableLines.first, options)
      for line in tableLines.dropFirst().dropLast() {
        let words = line.split(separator: " ").joined(separator: " ")
        XCTAssertEqual(
          drawnLines.filter { $0.split(separator: " ").joined(separator: " ").hasSuffix(words) }
            .count, 1, "\(options): \(line)\n\(drawn)")
      }
      // The posters of those shows (each once), and no other.
      let posters = Set(
        listed.compactMap {
          ($0["image"] as? String)?.replacingOccurrences(of: serverURL(""), with: "")
        })
      XCTAssertEqual(posters.count, listed.count, options)
      let fetched = server.targets.dropFirst(before).filter { $0.hasPrefix("/uploads/") }
      XCTAssertTrue(Set(fetched).isSubset(of: posters), "\(options): \(fetched)")
      for poster in posters { XCTAssertEqual(server.requestCount(poster), 1, poster) }
    }
  }
}

import Foundation
import ShelfCatalog
import ShelfDomain
import XCTest

@testable import ShelfShell

/// Long listings are streamed: a plain table (piped, no colours) is written straight from the
/// catalog's columns or the show store's rows. What they print is exactly what the table laid
/// out from every row prints, whatever the names hold (escape sequences, tabs, wide and
/// accented letters, a name past the field limit), in colour or not, cut to a width or not.
final class PlainListingTests: XCTestCase {
  private var files: TestLibrary!

  override func setUpWithError() throws {
    files = try TestLibrary()
  }

  override func tearDown() {
    files = nil
  }

  private static let styles = [
    TerminalStyle(colors: false, width: TerminalStyle.unbounded),
    TerminalStyle(colors: false, width: 70),
    TerminalStyle(colors: true, width: 120),
  ]

  /// 700 toys in one category, with names a table must clean, measure and cut.
  private func bulkCatalog() -> Catalog {
    let toys = (1...700).map { number -> Toy in
      var name = "Toy \(number)"
      switch number % 7 {
      case 0: name = "Cafe\u{301} cre\u{300}me \(number)"
      case 1: name = "\u{1B}[31mRed\u{1B}[0m \(number)"
      case 2: name = "漢字の玩具 \(number)"
      case 3: name = "Tab\there \(number)"
      default: break
      }
      if number == 5 { name = String(repeating: "Long ", count: 300) }
      let low = number % 13
      return Toy(
        id: number * 37, name: name, category: "Bulk",
        ages: AgeRange(minimum: low, maximum: low + number % 5)!,
        price: Money(cents: Int64(number) * 1_234_567 % 12_000_000), brand: "Brand",
        description: "A toy.")
    }
    return Catalog(
      directory: URL(fileURLWithPath: "/nonexistent"), toys: toys, stories: [], products: [])
  }

  func testAToyListingPrintsWhatTheWholeTableWouldPrint() throws {
    let catalog = bulkCatalog()
    let session = Session(
      library: try files.make(catalog: catalog), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener(), start: .toyCategory("Bulk"))
    XCTAssertNil(session.execute("fav 74").error)
    XCTAssertNil(session.execute("fav 2590").error)
    let report = try XCTUnwrap(session.execute("ls").report)
    XCTAssertTrue(report.isStreamed)
    // The plain rows fill every column of the list, or the renderer falls back to the models.
    for block in report.blocks {
      guard case .stream(let stream) = block else { continue }
      XCTAssertNotNil(stream.plainRows, "the listing is written from the catalog's columns")
      XCTAssertEqual(stream.widths.count, ToyRow.list.columns.count)
    }
    let favorites: Set<Int> = [74, 2590]
    let models = catalog.toys(inCategory: "Bulk").map {
      ToyRow($0, favorite: favorites.contains($0.id), inCart: 0)
    }
    // The same heading, then the table laid out from every row.
    let whole = Array(report.blocks.prefix(1)) + [.table(ToyRow.list.table(models))]
    for style in Self.styles {
      let renderer = TextRenderer(style: style)
      XCTAssertEqual(renderer.render(report), renderer.render(whole), "\(style)")
    }
    let plain = TextRenderer(style: Self.styles[0]).render(report)
    XCTAssertTrue(plain.hasPrefix("Bulk (700 toys)\n"), plain)
    XCTAssertTrue(plain.contains("\n  148  Toy 4  "), plain)
    XCTAssertEqual(plain.components(separatedBy: "★").count, 3, plain)
    XCTAssertFalse(plain.contains("\u{1B}"))
  }

  /// Sorted and limited by the stored orders, the listing is streamed the same way.
  func testASortedToyListingPrintsWhatTheWholeTableWouldPrint() throws {
    let catalog = bulkCatalog()
    let session = Session(
      library: try files.make(catalog: catalog), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener(), start: .toyCategory("Bulk"))
    let report = try XCTUnwrap(session.execute("ls --sort price --limit 600").report)
    XCTAssertTrue(report.isStreamed)
    let request = ListRequest(sort: "price", limit: 600)
    let models = ToyRow.list.arrange(
      catalog.toys(inCategory: "Bulk").map { ToyRow($0, favorite: false, inCart: 0) }, request
    ).rows
    let whole = Array(report.blocks.prefix(1)) + [.table(ToyRow.list.table(models))]
    for style in Self.styles {
      let renderer = TextRenderer(style: style)
      XCTAssertEqual(renderer.render(report), renderer.render(whole), "\(style)")
    }
  }

  /// `ls /shows` written from the store's rows prints what the rows made one by one print.
  func testTheShowListingPrintsWhatItsRowsWouldPrint() throws {
    let session = Session(
      library: try files.make(), options: SessionOptions(interactive: false),
      asker: ScriptedAsker(), opener: RecordingOpener(), start: .shows)
    XCTAssertNil(session.execute("fav 1").error)
    for command in ["ls", "ls --sort name --limit 30"] {
      let report = try XCTUnwrap(session.execute(command).report)
      let slow = report.blocks.map { block -> Block in
        guard case .stream(let stream) = block else { return block }
        return .stream(
          RowStream(
            columns: stream.columns, count: stream.count, widths: stream.widths,
            rows: stream.rows))
      }
      for style in Self.styles {
        let renderer = TextRenderer(style: style)
        XCTAssertEqual(renderer.render(report), renderer.render(slow), "\(command) \(style)")
      }
      let plain = TextRenderer(style: Self.styles[0]).render(report)
      XCTAssertFalse(plain.contains("Favorite"), plain)
      if command == "ls" { XCTAssertTrue(plain.contains("★"), plain) }
    }
  }
}

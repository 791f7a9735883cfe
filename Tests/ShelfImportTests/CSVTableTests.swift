import Foundation
import ShelfImport
import XCTest

/// The CSV reader on what exports write: a byte order mark, CRLF, quoted fields with commas,
/// quotes and line breaks.
final class CSVTableTests: XCTestCase {
  func testAByteOrderMarkCRLFAndQuotedFieldsAreRead() throws {
    let text =
      "\u{FEFF}Title,Date\r\n\"Show, The: Season 1: \"\"Quoted\"\"\",1/2/22\r\n"
      + "\"Two\nlines\",3/4/22\r\n\r\n"
    let table = try CSVTable(Data(text.utf8))
    XCTAssertEqual(table.header, ["Title", "Date"])
    XCTAssertEqual(
      table.rows.map(\.fields),
      [
        ["Show, The: Season 1: \"Quoted\"", "1/2/22"], ["Two\nlines", "3/4/22"],
      ])
    XCTAssertEqual(table.rows.map(\.line), [2, 3])
    XCTAssertEqual(table.column("title"), 0)
  }

  func testAQuoteLeftOpenIsRefusedWithItsLine() {
    XCTAssertThrowsError(try CSVTable(Data("a,b\n1,\"open\n2,3\n".utf8))) { error in
      XCTAssertEqual("\(error)", "line 2 has a quote that is never closed")
    }
  }

  func testBytesThatAreNotUTF8AreRefused() {
    XCTAssertThrowsError(try CSVTable(Data([0x61, 0x0A, 0xFF, 0xFE, 0x0A]))) { error in
      XCTAssertEqual("\(error)", "line 2 is not UTF-8 text")
    }
  }
}

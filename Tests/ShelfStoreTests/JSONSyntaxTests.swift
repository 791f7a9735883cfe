import Foundation
import ShelfStore
import XCTest

/// Where a file stops being JSON: the line and the column (in characters) and what was expected;
/// a problem wherever `JSONSerialization` finds one (it also reads a few things JSON does not
/// have, such as a trailing comma, which an import keeps reading).
final class JSONSyntaxTests: XCTestCase {
  private func problem(_ text: String) -> String? {
    JSONSyntax.problem(in: Data(text.utf8))?.description
  }

  func testValidJSONHasNoProblem() throws {
    for text in [
      "{}", "[]", " [1, -2.5e+3, 0, true, false, null, \"a\\u00e9\\n\"] ", "\"text\"", "12",
      "{\"a\": {\"b\": [[], {}]}, \"c\": \"\u{1F600}\"}",
    ] {
      XCTAssertNil(problem(text), text)
      XCTAssertNoThrow(
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed), text)
    }
  }

  func testEachBreakIsPlacedAndWorded() {
    let cases: [(String, String)] = [
      ("", "line 1, column 1: unexpected end of file"),
      ("not json", "line 1, column 1: expected a value"),
      ("{\"a\": 1\n \"b\": 2}", "line 2, column 2: expected \",\" or \"}\""),
      ("[1, 2", "line 1, column 6: unexpected end of file"),
      ("[1 2]", "line 1, column 4: expected \",\" or \"]\""),
      ("{\"a\" 1}", "line 1, column 6: expected \":\""),
      ("{a: 1}", "line 1, column 2: expected a key (a name in double quotes)"),
      ("{\"a\": 1,}", "line 1, column 9: expected a key (a name in double quotes)"),
      ("[1,]", "line 1, column 4: expected a value"),
      ("{} {}", "line 1, column 4: unexpected text after the end"),
      ("[\"é\", tru]", "line 1, column 7: expected a value"),
      ("[\"abc", "line 1, column 6: a string without its closing quote"),
      ("[\"a\\x\"]", "line 1, column 4: an escape that JSON does not have"),
      ("[\"a\\u12\"]", "line 1, column 4: a \\u escape needs four hexadecimal digits"),
      (
        "[\"a\tb\"]",
        "line 1, column 4: a control character inside a string (write it as an escape)"
      ),
      ("[01]", "line 1, column 3: expected \",\" or \"]\""),
      ("[1.]", "line 1, column 4: expected a digit after the decimal point"),
      ("[1e]", "line 1, column 4: expected a digit in the exponent"),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(problem(text), expected, text.debugDescription)
      guard !text.contains(",}") && !text.contains(",]") else { continue }
      XCTAssertThrowsError(try JSONSerialization.jsonObject(with: Data(text.utf8)), text)
    }
    // Some readers skip a byte order mark; an export never has one, and the error says so.
    XCTAssertEqual(
      problem("\u{FEFF}{}"), "line 1, column 1: a byte order mark, which JSON does not have")
  }

  func testBytesThatAreNotUTF8AreFound() {
    let data = Data([UInt8(ascii: "["), UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\""), 93])
    XCTAssertEqual(JSONSyntax.problem(in: data)?.description, "line 1, column 3: not UTF-8")
    let surrogate = Data([UInt8(ascii: "\""), 0xED, 0xA0, 0x80, UInt8(ascii: "\"")])
    XCTAssertEqual(JSONSyntax.problem(in: surrogate)?.column, 2)
  }

  /// A million open brackets are an error at the end, not a crash.
  func testDeepNestingIsOnlyAnError() {
    let deep = Data(repeating: UInt8(ascii: "["), count: 1_000_000)
    XCTAssertEqual(
      JSONSyntax.problem(in: deep)?.description, "line 1, column 1000001: unexpected end of file")
  }
}

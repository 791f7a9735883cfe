import Foundation
import ShelfShell
import XCTest

/// How session tests read an outcome: its plain text (200 columns), its JSON, one line of it.
extension XCTestCase {
  func plain(_ outcome: Outcome) -> String {
    outcome.report.map(TextRenderer(style: TerminalStyle(colors: false, width: 200)).render) ?? ""
  }

  func json(_ outcome: Outcome) throws -> [String: Any] {
    let text = try XCTUnwrap(outcome.report.flatMap(JSONRenderer().render))
    return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// Runs `line` (commands separated by `;`), failing the test on any error; the last outcome.
  @discardableResult
  func run(
    _ session: Session, _ line: String, file: StaticString = #filePath, lineNumber: UInt = #line
  ) -> Outcome {
    let outcomes = session.run(line)
    for outcome in outcomes {
      if let error = outcome.error {
        XCTFail("\(line): \(error.message)", file: file, line: lineNumber)
      }
    }
    return outcomes.last ?? Outcome()
  }

  /// The one line of `text` that contains `needle`.
  func row(
    containing needle: String, in text: String, file: StaticString = #filePath,
    line: UInt = #line
  ) -> String {
    let matches = text.components(separatedBy: "\n").filter { $0.contains(needle) }
    XCTAssertEqual(matches.count, 1, "rows with \(needle): \(matches)", file: file, line: line)
    return matches.first ?? ""
  }
}

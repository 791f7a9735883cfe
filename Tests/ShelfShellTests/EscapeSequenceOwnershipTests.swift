import Foundation
import ShelfTerminal
import XCTest

/// Escape sequences are written in one module: no other source file spells ESC.
final class EscapeSequenceOwnershipTests: XCTestCase {
  private static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

  func testOnlyShelfTerminalSpellsTheEscapeCharacter() throws {
    let spellings = ["\\u{1B}", "\\u{1b}", "\\033", "\\x1b", "\\x1B"]
    var offenders: [String] = []
    let files = FileManager.default.enumerator(atPath: Self.sources.path)
    while let path = files?.nextObject() as? String {
      guard path.hasSuffix(".swift"), !path.hasPrefix("ShelfTerminal/") else { continue }
      let text = try String(
        contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
      if spellings.contains(where: text.contains) { offenders.append(path) }
    }
    XCTAssertEqual(offenders, [], "ESC outside Sources/ShelfTerminal")
  }

  func testSequencesAreTheStandardOnes() {
    XCTAssertEqual(
      EscapeSequence.sgr([.bold, .foreground(.black), .background(.green)]), "\u{1B}[1;30;42m")
    XCTAssertEqual(EscapeSequence.styled("x", []), "x")
    XCTAssertEqual(EscapeSequence.styled("x", [.foreground(.red)]), "\u{1B}[31mx\u{1B}[0m")
    XCTAssertEqual(
      EscapeSequence.sgr([.foregroundRGB(red: 1, green: 2, blue: 3), .background256(200)]),
      "\u{1B}[38;2;1;2;3;48;5;200m")
    XCTAssertEqual(EscapeSequence.cursorUp(0), "")
    XCTAssertEqual(EscapeSequence.cursorUp(3), "\u{1B}[3A")
    XCTAssertEqual(TerminalText.sanitize(EscapeSequence.styled("ok", [.bold])), "ok")
  }
}

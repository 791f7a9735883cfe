import Foundation
import XCTest

/// Escape sequences, C1 controls and bidirectional overrides typed into a piped shell never
/// come back out on either stream: each line ends in one clear error line.
final class HostileInputTests: EndToEndTestCase {
  /// Lines a script or a paste might hold, as bytes.
  private static let lines: [[UInt8]] = [
    Array("\u{1B}]52;c;SGVsbG8=\u{07}".utf8),
    Array("ls \u{1B}[31mX".utf8),
    Array("cd \u{9B}2J".utf8),
    Array("find \u{202E}abc".utf8),
    Array("open \u{1B}P1;2q\u{1B}\\".utf8),
    Array("fav 'toy:1\u{1B}]0;pwned\u{07}'".utf8),
    Array("help \u{1B}[2J\u{2066}".utf8),
    Array("\u{1B}[6n".utf8),
    [0xFF, 0xFE, 0x20, 0x6C, 0x73],
    [0x9B, 0x33, 0x31, 0x6D],
  ]

  func testHostileLinesPrintNoEscapeNoC1AndNoBidiControlOnEitherStream() throws {
    var input: [UInt8] = []
    for line in Self.lines { input += line + [0x0A] }
    for flags in [[], ["--json"]] {
      let run = try shelf(flags, input: .pipe(Data(input)))
      XCTAssertEqual(run.status, 1, run.summary)
      for (name, data) in [("stdout", run.stdout), ("stderr", run.stderr)] {
        let bytes = [UInt8](data)
        for index in bytes.indices.dropLast() {
          XCTAssertFalse(
            bytes[index] == 0xC2 && (0x80...0x9F).contains(bytes[index + 1]),
            "C1 control in \(name) of \(flags):\n\(run.summary)")
          XCTAssertFalse(
            bytes[index] == 0xE2 && index + 2 < bytes.count
              && ((bytes[index + 1] == 0x80 && (0xAA...0xAE).contains(bytes[index + 2]))
                || (bytes[index + 1] == 0x81 && (0xA6...0xA9).contains(bytes[index + 2]))),
            "bidirectional control in \(name) of \(flags):\n\(run.summary)")
        }
        XCTAssertFalse(
          bytes.contains { $0 < 0x20 && $0 != 0x0A }, "control byte in \(name):\n\(run.summary)")
      }
      // Every error names its line; none is cut short by what it quotes.
      for line in run.errorLines {
        XCTAssertTrue(line.hasPrefix("shelf: line "), "\(line)\n\(run.summary)")
        XCTAssertFalse(line.hasSuffix("\""), "message cut after a quote: \(line)")
      }
    }
  }
}

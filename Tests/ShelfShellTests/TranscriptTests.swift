import Foundation
import XCTest

/// Whole sessions replayed against the real catalog: every `Transcripts/*.txt` is run, so a new
/// file is a new test (see `TranscriptRunner` for the format and its directives).
final class TranscriptTests: XCTestCase {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Transcripts")

  static func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
  }

  func testEveryTranscriptInTheFolder() throws {
    let names = try Self.names()
    XCTAssertFalse(names.isEmpty, "no transcripts in \(Self.folder.path)")
    for name in names {
      if let failure = try TranscriptRunner(name: name, folder: Self.folder).check() {
        XCTFail(failure)
      }
    }
  }

  /// Recording is never a pass: a rewritten golden fails the run and says so.
  func testRecordingRewritesTheGoldenAndFails() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shelf-transcript-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("pwd.txt")
    try "> pwd\n/toys\n".write(to: file, atomically: true, encoding: .utf8)
    let runner = TranscriptRunner(name: "pwd", folder: folder, recording: true)
    let failure = try runner.check()
    XCTAssertEqual(
      failure,
      "transcript pwd was rewritten with the actual output (SHELF_RECORD=1); check git diff")
    XCTAssertNil(try runner.check(), "the rewritten golden passes")
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "> pwd\n/\n")
  }
}

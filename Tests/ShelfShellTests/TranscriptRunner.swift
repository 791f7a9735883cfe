import Foundation
import ShelfShell
import XCTest

/// Runs a transcript: `> command` lines, each followed by the plain output it must print.
/// Errors print as `error: message`, warnings as `warning: message`, questions as
/// `? prompt` followed by the answer given. Directives:
///   `>> answer TEXT`      queue an answer for the next question (makes the session interactive)
///   `>> restart`          a new session on the same data directory (starts at /)
///   `>> restart --resume` the same, starting where the last one was
/// Set SHELF_RECORD=1 to rewrite the transcript with the actual output.
struct TranscriptRunner {
  let name: String

  var url: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Transcripts/\(name).txt")
  }

  func run(file: StaticString = #filePath, line: UInt = #line) throws {
    let expected = try String(contentsOf: url, encoding: .utf8)
    let actual = try replay(expected)
    if ProcessInfo.processInfo.environment["SHELF_RECORD"] == "1" {
      guard actual != expected else { return }
      try actual.write(to: url, atomically: true, encoding: .utf8)
      // Recording is not passing: the new golden must be read (git diff) before it counts.
      XCTFail(
        "transcript \(name) was rewritten with the actual output (SHELF_RECORD=1); check git diff",
        file: file, line: line)
      return
    }
    if actual != expected {
      let expectedLines = expected.components(separatedBy: "\n")
      let actualLines = actual.components(separatedBy: "\n")
      let firstDifference =
        zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(expectedLines.count, actualLines.count)
      let context = actualLines[
        max(0, firstDifference - 3)..<min(actualLines.count, firstDifference + 6)]
      XCTFail(
        """
        transcript \(name) differs at line \(firstDifference + 1)
        expected: \(firstDifference < expectedLines.count ? expectedLines[firstDifference] : "<end>")
        actual:   \(firstDifference < actualLines.count ? actualLines[firstDifference] : "<end>")
        actual around it:
        \(context.joined(separator: "\n"))
        """, file: file, line: line)
    }
  }

  private func replay(_ transcript: String) throws -> String {
    let files = try TestLibrary()
    let asker = ScriptedAsker()
    let interactive = transcript.contains("\n>> answer")
    var session = try makeSession(files, asker: asker, interactive: interactive, start: .home)
    var output = ""
    let renderer = TextRenderer(style: TerminalStyle(colors: false, width: 100))
    for line in transcript.components(separatedBy: "\n") {
      if line == ">> answer" || line.hasPrefix(">> answer ") {
        asker.answers.append(String(line.dropFirst(10)))
        output += line + "\n"
      } else if line.hasPrefix(">> restart") {
        var start = Location.home
        if line.contains("--resume") {
          start = Session.resumeLocation(library: try files.make()).0 ?? .home
        }
        session = try makeSession(files, asker: asker, interactive: interactive, start: start)
        output += line + "\n"
      } else if line.hasPrefix("> ") {
        output += line + "\n"
        var asked = asker.asked.count
        for outcome in session.run(String(line.dropFirst(2))) {
          for question in asker.asked[asked...] {
            for text in question.lines { output += "? " + text.plainText + "\n" }
            output += "? " + question.prompt + "\n"
          }
          asked = asker.asked.count
          for warning in outcome.warnings { output += "warning: \(warning)\n" }
          if let report = outcome.report { output += renderer.render(report) }
          if let error = outcome.error { output += "error: \(error.message)\n" }
        }
      } else if line.hasPrefix("#") && output.isEmpty || line.hasPrefix("## ") {
        output += line + "\n"
      }
    }
    while output.hasSuffix("\n\n") { output.removeLast() }
    // The checkout's location differs between machines.
    return output.replacingOccurrences(of: TestLibrary.catalogDirectory.path, with: "$CATALOG")
  }

  private func makeSession(
    _ files: TestLibrary, asker: ScriptedAsker, interactive: Bool, start: Location
  ) throws -> Session {
    Session(
      library: try files.make(), options: SessionOptions(interactive: interactive),
      asker: asker, opener: RecordingOpener(), start: start)
  }
}

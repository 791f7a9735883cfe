import Foundation
import ShelfShell
import ShelfTestSupport
import XCTest

/// Runs a transcript: `> command` lines, each followed by the plain output it must print.
/// Errors print as `error: message`, warnings as `warning: message`, questions as
/// `? prompt` followed by the answer given, a URL given to the browser as `browser: URL`. Lines starting with `## ` are comments kept in the
/// output. Directives (each kept in the output as written):
///   `>> answer TEXT`       queue an answer for the next question (makes the session interactive)
///   `>> restart`           a new session on the same data directory (starts at /)
///   `>> restart --resume`  the same, starting where the last one was
///   `>> format NAME`       how the reports after it are written: text (the table), csv, tsv,
///                          markdown, or json (pretty, keys sorted)
///   `>> width N`           the terminal width the text is laid out for (default 100)
///   `>> tz ZONE`           the time zone (`TZ`) for the rest of the transcript
///   `>> now ISO-8601`      a fixed clock (`2026-11-25T12:00:00Z`)
///   `>> serve TARGET FILE` the test TVmaze server answers TARGET with FILE (a path from the
///                          repository's root); the session uses that server
///   `>> serve TARGET 500`  the same with an HTTP status
///   `>> redirect TARGET PATH` the server answers TARGET with a 301 to PATH on it (TVmaze's
///                          `/lookup/shows`)
///   `>> offline`           the server stops: every request fails to connect
/// Set SHELF_RECORD=1 to rewrite the transcript with the actual output (the run fails, saying
/// so, until the rewritten golden is run again).
struct TranscriptRunner {
  let name: String
  let folder: URL
  var recording = ProcessInfo.processInfo.environment["SHELF_RECORD"] == "1"

  var url: URL { folder.appendingPathComponent("\(name).txt") }

  /// Replays the transcript; nil when the output is the golden, else what differs.
  func check() throws -> String? {
    let expected = try String(contentsOf: url, encoding: .utf8)
    let actual = try TranscriptReplay(transcript: expected).output()
    guard actual != expected else { return nil }
    if recording {
      try actual.write(to: url, atomically: true, encoding: .utf8)
      // Recording is not passing: the new golden must be read (git diff) before it counts.
      return
        "transcript \(name) was rewritten with the actual output (SHELF_RECORD=1); check git diff"
    }
    let expectedLines = expected.components(separatedBy: "\n")
    let actualLines = actual.components(separatedBy: "\n")
    let firstDifference =
      zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expectedLines.count, actualLines.count)
    let context = actualLines[
      max(0, firstDifference - 3)..<min(actualLines.count, firstDifference + 6)]
    return """
      transcript \(name) differs at line \(firstDifference + 1)
      expected: \(firstDifference < expectedLines.count ? expectedLines[firstDifference] : "<end>")
      actual:   \(firstDifference < actualLines.count ? actualLines[firstDifference] : "<end>")
      actual around it:
      \(context.joined(separator: "\n"))
      """
  }
}

/// One replay of a transcript: its session, the test server when it asks for one, and the
/// settings its directives change.
private final class TranscriptReplay {
  let transcript: String
  let files: TestLibrary
  let asker = ScriptedAsker()
  let opener = RecordingOpener()
  let interactive: Bool
  var server: TestHTTPServer?
  var width = 100
  var format = OutputFormat.table
  var now: Date?
  let zone = ZoneSetting()
  let clock = SkippingClock()

  init(transcript: String) throws {
    self.transcript = transcript
    files = try TestLibrary()
    interactive = transcript.contains("\n>> answer")
    if transcript.contains("\n>> serve ") || transcript.contains("\n>> redirect ") {
      server = try TestHTTPServer()
    }
  }

  deinit {
    server?.stop()
    zone.restore()
  }

  func output() throws -> String {
    var session = try makeSession(start: .home)
    var output = ""
    // Split at every LF, also the one of a CRLF (a calendar's line end, one Character).
    let lines = transcript.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String(String.UnicodeScalarView($0)) }
    for line in lines {
      if line.hasPrefix(">> ") {
        output += line + "\n"
        if let restarted = try apply(String(line.dropFirst(3))) { session = restarted }
        // The clock is the session's from the directive on, not only after a restart.
        if let now { session.context.library.now = { now } }
      } else if line.hasPrefix("> ") {
        output += line + "\n"
        output += run(String(line.dropFirst(2)), in: session)
      } else if line.hasPrefix("#") && output.isEmpty || line.hasPrefix("## ") {
        output += line + "\n"
      }
    }
    while output.hasSuffix("\n\n") { output.removeLast() }
    // The checkout's and the server's places differ between machines and runs.
    var shown = output.replacingOccurrences(
      of: TestLibrary.catalogDirectory.path, with: "$CATALOG")
    if let server {
      shown = shown.replacingOccurrences(of: server.baseURL.absoluteString, with: "$SERVER")
    }
    // So do a person's lasting id and the moments an export records changes at.
    shown = shown.replacingOccurrences(
      of: "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", with: "\\$UUID",
      options: .regularExpression)
    shown = shown.replacingOccurrences(
      of: #"("(nameChanged|bornChanged|changedAt|claimedAt)" ?: ?)"[0-9T:Z-]+""#,
      with: "$1\"\\$TIME\"", options: .regularExpression)
    return shown
  }

  /// Carries out a directive; a new session when it asks for one.
  private func apply(_ directive: String) throws -> Session? {
    let words = directive.split(separator: " ", maxSplits: 2).map(String.init)
    switch (words.first ?? "", words.count) {
    case ("answer", _):
      asker.answers.append(String(directive.dropFirst(7)))
    case ("restart", _):
      var start = Location.home
      if directive.contains("--resume") {
        start = Session.resumeLocation(library: try files.make()).0 ?? .home
      }
      return try makeSession(start: start)
    case ("format", 2):
      format = words[1] == "text" ? .table : try XCTUnwrap(OutputFormat(rawValue: words[1]))
    case ("width", 2):
      width = Int(words[1]) ?? width
    case ("tz", 2):
      zone.set(words[1])
    case ("now", 2):
      now = try XCTUnwrap(ISO8601DateFormatter().date(from: words[1]), "now \(words[1])")
    case ("serve", 3):
      let server = try XCTUnwrap(self.server)
      if let status = Int(words[2]) {
        server.route(words[1], always: .status(status))
      } else {
        try server.route(words[1], file: TestLibrary.repository.appendingPathComponent(words[2]))
      }
    case ("redirect", 3):
      try XCTUnwrap(server).redirect(words[1], to: words[2])
    case ("offline", 1):
      server?.stop()
    default:
      XCTFail("unknown transcript directive: >> \(directive)")
    }
    return nil
  }

  private func run(_ line: String, in session: Session) -> String {
    var output = ""
    var asked = asker.asked.count
    var opened = opener.opened.count
    let renderer = TextRenderer(style: TerminalStyle(colors: false, width: width))
    for outcome in session.run(line) {
      for question in asker.asked[asked...] {
        for text in question.lines { output += "? " + text.plainText + "\n" }
        output += "? " + question.prompt + "\n"
      }
      asked = asker.asked.count
      for url in opener.opened[opened...] { output += "browser: \(url)\n" }
      opened = opener.opened.count
      for warning in outcome.warnings { output += "warning: \(warning)\n" }
      if let report = outcome.report {
        switch format {
        case .table: output += renderer.render(report)
        case .json: output += Self.pretty(JSONRenderer().render(report) ?? "")
        case .csv, .tsv, .markdown:
          output += RowFormatRenderer(
            format: format, headers: outcome.headers, columns: outcome.columns
          ).render(report)
            .replacingOccurrences(of: "\r\n", with: "\n")
        }
      }
      if let message = outcome.errorMessage { output += "error: \(message)\n" }
    }
    return output
  }

  /// A JSON document laid out one value a line, keys sorted, so a golden diff reads well.
  private static func pretty(_ text: String) -> String {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    else { return text }
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  private func makeSession(start: Location) throws -> Session {
    // TVmaze's pacing and retry waits pass on a clock of their own, not the wall's.
    let library = try files.make(
      baseURL: server?.baseURL ?? URL(string: "http://127.0.0.1:9")!, clock: clock.clock)
    if let now { library.now = { now } }
    return Session(
      library: library, options: SessionOptions(interactive: interactive), asker: asker,
      opener: opener, start: start)
  }
}

/// `TZ` for a transcript, put back as it was when the transcript ends.
private final class ZoneSetting {
  private var saved: String??

  func set(_ zone: String) {
    if saved == nil { saved = .some(ProcessInfo.processInfo.environment["TZ"]) }
    setenv("TZ", zone, 1)
    tzset()
    NSTimeZone.resetSystemTimeZone()
  }

  func restore() {
    guard let saved else { return }
    if let zone = saved { setenv("TZ", zone, 1) } else { unsetenv("TZ") }
    tzset()
    NSTimeZone.resetSystemTimeZone()
  }
}

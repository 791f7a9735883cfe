// Linux only: the pseudo-terminal sessions are.
#if os(Linux)
  import Foundation
  import XCTest

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// The base of the tests that run the shell on a real pseudo-terminal: sessions stopped at
  /// the end, keys, and expectations on what the screen shows.
  class TerminalTestCase: EndToEndTestCase {
    private var sessions: [PseudoTerminalSession] = []

    override func tearDown() {
      for session in sessions { session.stop() }
      sessions = []
      super.tearDown()
    }

    enum Key {
      static let tab = "\t"
      static let enter = "\r"
      static let ctrlC = "\u{03}"
      static let ctrlD = "\u{04}"
      static let up = "\u{1B}[A"
      static let ctrlR = "\u{12}"
    }

    /// Starts the shell on a terminal with the sandbox's data directory.
    func terminal(
      _ arguments: [String] = [], environment extra: [String: String] = [:]
    ) throws -> PseudoTerminalSession {
      let session = try PseudoTerminalSession(
        binary: binary, arguments: dataDirArguments(arguments),
        environment: sandbox.environment.merging(extra) { _, new in new })
      sessions.append(session)
      return session
    }

    func dump(_ session: PseudoTerminalSession) -> String {
      "\n--- screen ---\n\(session.screen.text)\n--- raw (last 1500 bytes) ---\n"
        + String(reflecting: String(decoding: session.bytes.suffix(1500), as: UTF8.self))
    }

    /// Thrown after a failed expectation: every later step would only time out as well.
    struct StoppedAfterFailure: Error, CustomStringConvertible {
      var description: String { "stopped after the failure above" }
    }

    /// Waits up to 5 s for `condition`; fails the test with the screen when it does not hold.
    func expect(
      _ session: PseudoTerminalSession, _ what: String, file: StaticString = #filePath,
      line: UInt = #line, _ condition: (PseudoTerminalSession) -> Bool
    ) throws {
      guard session.wait(timeout: 5, until: condition) else {
        let state = session.isRunning ? "running" : "exited"
        XCTFail(
          "timed out waiting for \(what) (shell \(state))\(dump(session))", file: file, line: line)
        throw StoppedAfterFailure()
      }
    }

    /// The cursor is on a fresh prompt for `path`, e.g. `shelf:/toys/Dolls> `.
    func expectPrompt(
      _ session: PseudoTerminalSession, at path: String, typed: String = "",
      profile: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws {
      let prompt = "shelf\(profile.map { "[\($0)]" } ?? ""):\(path)> "
      try expect(session, "the line \"\(prompt)\(typed)\"", file: file, line: line) {
        let screen = $0.screen
        return screen.currentLine == (prompt + typed).trimmingTrailingBlanks
          && (typed.isEmpty || screen.column == prompt.count + typed.count)
      }
    }

    /// Some whole line on the screen reads `text`.
    func expectLine(
      _ session: PseudoTerminalSession, _ text: String, file: StaticString = #filePath,
      line: UInt = #line
    ) throws {
      try expect(session, "a line \"\(text)\"", file: file, line: line) {
        $0.screen.allLines.contains(text)
      }
    }

    func expectText(
      _ session: PseudoTerminalSession, _ text: String, file: StaticString = #filePath,
      line: UInt = #line
    ) throws {
      try expect(session, "\"\(text)\"", file: file, line: line) { $0.plainText.contains(text) }
    }

    func expectExit(
      _ session: PseudoTerminalSession, status: Int32 = 0, file: StaticString = #filePath,
      line: UInt = #line
    ) throws {
      guard let actual = session.waitForExit(timeout: 5) else {
        XCTFail("the shell did not exit\(dump(session))", file: file, line: line)
        throw StoppedAfterFailure()
      }
      XCTAssertEqual(actual, status, "exit status\(dump(session))", file: file, line: line)
    }

    /// Types a command line, waits for it to be echoed, and presses Enter.
    func run(
      _ session: PseudoTerminalSession, _ command: String, at path: String,
      profile: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws {
      session.type(command)
      try expectPrompt(
        session, at: path, typed: command, profile: profile, file: file, line: line)
      session.type(Key.enter)
    }

    /// Starts `program` (not the shell: a parent shell that runs it) on a terminal.
    func terminal(
      program: URL, _ arguments: [String], environment extra: [String: String] = [:]
    ) throws -> PseudoTerminalSession {
      let session = try PseudoTerminalSession(
        binary: program, arguments: arguments,
        environment: sandbox.environment.merging(extra) { _, new in new })
      sessions.append(session)
      return session
    }
  }

  extension String {
    fileprivate var trimmingTrailingBlanks: String {
      var text = self
      while text.hasSuffix(" ") { text.removeLast() }
      return text
    }
  }
#endif

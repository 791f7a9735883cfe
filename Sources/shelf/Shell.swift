import Foundation
import ShelfShell
import ShelfTerminal

/// The read–execute–print loop: reads lines from a reader, runs them in the session, prints
/// reports to stdout and errors to stderr, and works out the exit status.
final class Shell {
  let session: Session
  let reader: LineReader
  let terminal: Terminal
  let pager: Pager
  let bail: Bool
  let interactive: Bool
  let output: StandardStream
  let errors: StandardStream
  let progress: ProgressLine
  /// Where `> FILE` and `| COMMAND` send a command's output.
  private(set) var redirected: RedirectedOutput!
  /// Called before each prompt of an interactive session (the outcome of a sync that went on
  /// in the background is shown there).
  var beforePrompt: (() -> Void)?
  /// The exit status of a script stopped by Ctrl-C (128 + SIGINT, as shells report it).
  static let interruptedStatus: Int32 = 130

  init(
    session: Session, reader: LineReader, terminal: Terminal, pager: Pager, bail: Bool,
    interactive: Bool, output: StandardStream, errors: StandardStream, progress: ProgressLine,
    home: String, jobTerminal: Int32?
  ) {
    self.session = session
    self.reader = reader
    self.terminal = terminal
    self.pager = pager
    self.bail = bail
    self.interactive = interactive
    self.output = output
    self.errors = errors
    self.progress = progress
    redirected = RedirectedOutput(
      home: home, terminal: jobTerminal, errors: errors,
      render: { [unowned self] outcome, write in
        self.write(outcome, style: nil, into: write)
      })
  }

  /// Runs until the input ends or `exit`; returns 0 when every command succeeded, else 1.
  func run() -> Int32 {
    var lineNumber = 0
    var failed = false
    while !output.isBroken {
      if interactive { beforePrompt?() }
      guard let input = reader.readLine(prompt: interactive ? promptText : "") else { break }
      lineNumber += 1
      let statements: [Statement]
      switch input {
      case .interrupted:
        if interactive { continue }
        return stopInterrupted(line: lineNumber)
      case .ended(let signal):
        return Self.endedStatus(signal)
      case .tooLong(let length):
        statements = []
        if let status = finishCommand(
          Outcome(error: .lineTooLong(length)), line: lineNumber, failed: &failed)
        {
          return status
        }
      case .invalidUTF8:
        statements = []
        if let status = finishCommand(
          Outcome(error: .invalidUTF8), line: lineNumber, failed: &failed)
        {
          return status
        }
      case .line(let line):
        // A Ctrl-C at the prompt is not meant for this command; in a script it stops the script.
        if reader.takeInterrupt() && !interactive { return stopInterrupted(line: lineNumber) }
        statements = session.statements(line)
      }
      // One at a time, each shown before the next runs (a question of the next one comes
      // after this one's output).
      for statement in statements {
        if let signal = reader.endingSignal { return Self.endedStatus(signal) }
        let outcome = redirected.run(statement, in: session)
        if let status = finishCommand(outcome, line: lineNumber, failed: &failed) { return status }
      }
    }
    return finish(failed: failed, line: lineNumber)
  }

  /// Shows what a command did; returns the status to exit with when the run ends here.
  private func finishCommand(_ outcome: Outcome, line lineNumber: Int, failed: inout Bool)
    -> Int32?
  {
    progress.clear()
    if let signal = reader.endingSignal { return Self.endedStatus(signal) }
    show(outcome, line: lineNumber)
    if !interactive {
      // Ctrl-C in a script: the command was interrupted, or it finished; the script stops.
      if outcome.error == .interrupted {
        _ = reader.takeInterrupt()
        return Self.interruptedStatus
      }
      if reader.takeInterrupt() { return stopInterrupted(line: lineNumber) }
    }
    if outcome.error != nil {
      failed = true
      if bail && !interactive { return finish(failed: true, line: lineNumber) }
    }
    if outcome.exit {
      return outcome.exitStatus ?? finish(failed: failed, line: lineNumber)
    }
    return nil
  }

  /// The exit status after an ending signal, as shells report a process it killed.
  static func endedStatus(_ signal: Int32) -> Int32 { 128 + signal }

  /// The exit status at the end of the input, `exit` or `--bail`.
  private func finish(failed: Bool, line lineNumber: Int) -> Int32 {
    if !interactive && reader.takeInterrupt() { return stopInterrupted(line: lineNumber) }
    if let failure = output.failure {
      errors.write("shelf: cannot write the output: \(failure)\n")
      return 1
    }
    return failed && !interactive ? 1 : 0
  }

  /// Ctrl-C in a script: says so and gives the status to exit with.
  private func stopInterrupted(line: Int) -> Int32 {
    show(Outcome(error: .interrupted), line: line)
    return Self.interruptedStatus
  }

  private var promptText: String {
    terminal.colors
      ? terminal.printer.prompt(path: session.promptLabel, profile: session.promptProfile)
      : session.prompt
  }

  /// Writes the outcome's report in its format: a table laid out in `style` (nil: plain, for
  /// a file or a pipe), else the rows for programs; JSON is laid out for people at a terminal
  /// and one line a document elsewhere.
  private func write(_ outcome: Outcome, style: TerminalStyle?, into write: (String) -> Bool) {
    guard let report = outcome.report else { return }
    switch outcome.format {
    case .table:
      var style = style ?? TerminalStyle(colors: false, width: TerminalStyle.unbounded)
      style.headers = outcome.headers
      TextRenderer(style: style).render(report, into: write)
    case .json:
      JSONRenderer(pretty: style != nil, columns: outcome.columns).render(report) {
        _ = write($0)
      }
    case .csv, .tsv, .markdown:
      RowFormatRenderer(format: outcome.format, headers: outcome.headers, columns: outcome.columns)
        .render(report) { _ = write($0) }
    }
  }

  private func show(_ outcome: Outcome, line: Int) {
    for warning in outcome.warnings {
      errors.write("shelf: warning: \(TerminalText.sanitize(warning))\n")
    }
    if let report = outcome.report {
      var style = terminal.style
      style.headers = outcome.headers
      if outcome.format != .table {
        // JSON is laid out for a person at a terminal, one line a document for programs.
        write(outcome, style: terminal.outputIsTerminal ? style : nil) { text in
          output.write(text)
          return !output.isBroken
        }
      } else if report.isStreamed {
        // Printed while it is made (85,000 shows): paged when its rows alone fill the screen.
        let renderer = TextRenderer(style: style)
        let paged =
          terminal.outputIsTerminal && interactive
          && TextRenderer.estimatedLines(report) >= terminal.height - 1
          && pager.stream { write in renderer.render(report, into: write) }
        if !paged {
          renderer.render(report) { text in
            output.write(text)
            return !output.isBroken
          }
        }
      } else {
        let text = TextRenderer(style: style).render(report)
        // Like psql: anything taller than the screen goes through the pager, at a terminal only.
        if terminal.outputIsTerminal, interactive,
          text.utf8.reduce(0, { $0 + ($1 == 10 ? 1 : 0) }) >= terminal.height - 1,
          pager.show(text)
        {
          // shown by the pager
        } else {
          output.write(text)
        }
      }
    }
    if let message = outcome.errorMessage.map(TerminalText.sanitize) {
      if interactive {
        errors.write(terminal.errorPrinter.errorPrefix + message + "\n")
      } else {
        errors.write("shelf: line \(line): \(message)\n")
      }
    }
  }
}

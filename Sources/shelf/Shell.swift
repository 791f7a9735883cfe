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
  let redirected: RedirectedOutput
  /// The exit status of a script stopped by Ctrl-C (128 + SIGINT, as shells report it).
  static let interruptedStatus: Int32 = 130

  init(
    session: Session, reader: LineReader, terminal: Terminal, pager: Pager, bail: Bool,
    interactive: Bool, output: StandardStream, errors: StandardStream, progress: ProgressLine,
    home: String
  ) {
    redirected = RedirectedOutput(home: home)
    self.session = session
    self.reader = reader
    self.terminal = terminal
    self.pager = pager
    self.bail = bail
    self.interactive = interactive
    self.output = output
    self.errors = errors
    self.progress = progress
  }

  /// Runs until the input ends or `exit`; returns 0 when every command succeeded, else 1.
  func run() -> Int32 {
    var lineNumber = 0
    var failed = false
    while !output.isBroken {
      guard let input = reader.readLine(prompt: interactive ? promptText : "") else { break }
      lineNumber += 1
      let outcomes: [Outcome]
      switch input {
      case .interrupted:
        if interactive { continue }
        return stopInterrupted(line: lineNumber)
      case .ended(let signal):
        return Self.endedStatus(signal)
      case .tooLong(let length):
        outcomes = [Outcome(report: nil, error: .lineTooLong(length), warnings: [], exit: false)]
      case .invalidUTF8:
        outcomes = [Outcome(report: nil, error: .invalidUTF8, warnings: [], exit: false)]
      case .line(let line):
        // A Ctrl-C at the prompt is not meant for this command; in a script it stops the script.
        if reader.takeInterrupt() && !interactive { return stopInterrupted(line: lineNumber) }
        outcomes = session.run(line, stopAtError: bail && !interactive)
      }
      for var outcome in outcomes {
        progress.clear()
        if let signal = reader.endingSignal { return Self.endedStatus(signal) }
        if outcome.error == nil, let redirection = outcome.redirection {
          outcome = send(outcome, to: redirection)
        }
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
          if let status = outcome.exitStatus { return status }
          return finish(failed: failed, line: lineNumber)
        }
      }
    }
    return finish(failed: failed, line: lineNumber)
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
      ? terminal.printer.prompt(path: session.location.label, profile: session.promptProfile)
      : session.prompt
  }

  /// Writes the report where the line sent it; what is left to show is its warnings, or the
  /// error of the redirection itself.
  private func send(_ outcome: Outcome, to redirection: Redirection) -> Outcome {
    var shown = outcome
    shown.report = nil
    var text = ""
    if let report = outcome.report {
      let plain = TerminalStyle(colors: false, width: TerminalStyle.unbounded)
      write(report, format: outcome.format, style: plain) { text += $0 }
    }
    do {
      try redirected.write(text, to: redirection)
    } catch let failure as RedirectedOutput.Failure {
      shown.error = .badRedirection(failure.message)
    } catch is RedirectedOutput.Interrupted {
      shown.error = .interrupted
    } catch {
      shown.error = .unexpected(String(describing: error))
    }
    return shown
  }

  /// Writes `report` in `format`: a table laid out in `style`, else the rows for programs.
  private func write(
    _ report: Report, format: OutputFormat, style: TerminalStyle, into write: (String) -> Void
  ) {
    switch format {
    case .table:
      TextRenderer(style: style).render(report) { text in
        write(text)
        return true
      }
    case .json: JSONRenderer().render(report, into: write)
    case .csv, .tsv, .markdown: RowFormatRenderer(format: format).render(report, into: write)
    }
  }

  private func show(_ outcome: Outcome, line: Int) {
    for warning in outcome.warnings {
      errors.write("shelf: warning: \(TerminalText.sanitize(warning))\n")
    }
    if let report = outcome.report {
      if outcome.format != .table {
        write(report, format: outcome.format, style: terminal.style) { output.write($0) }
      } else if report.isStreamed {
        // Printed while it is made (85,000 shows): paged when its rows alone fill the screen.
        let renderer = TextRenderer(style: terminal.style)
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
        let text = TextRenderer(style: terminal.style).render(report)
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
    if let error = outcome.error {
      let message = TerminalText.sanitize(error.message)
      if interactive {
        errors.write(terminal.errorPrinter.errorPrefix + message + "\n")
      } else {
        errors.write("shelf: line \(line): \(message)\n")
      }
    }
  }
}

import Foundation
import ShelfShell

/// Runs a command whose output the line sends elsewhere, as `sh` does: `> FILE` and `>> FILE`
/// open the file first (one that cannot be opened stops the command, and the error names it
/// with the system's reason), then the command's plain output in the current format goes
/// there, never an escape sequence; `| COMMAND` runs `/bin/sh -c COMMAND` as a foreground job
/// (`ForegroundJob`) with the output on its standard input, its own output on the terminal.
struct RedirectedOutput {
  /// The user's home, for `~` (`$HOME`).
  let home: String
  /// The terminal a pipe's command is handed (job control), nil in a script.
  let terminal: Int32?
  /// Where the line after a job ended by Ctrl-C goes (the terminal's `^C` stays on its own).
  let errors: StandardStream
  /// Writes a report in its format (plain: no colours, no width limit) while `write` takes it.
  let render: (_ outcome: Outcome, _ write: (String) -> Bool) -> Void

  /// Runs `statement` in `session` and sends its report where the statement says; what is
  /// left to show is its warnings and errors (the command's, or the redirection's own).
  func run(_ statement: Statement, in session: Session) -> Outcome {
    switch statement.target {
    case .file(let name, let append)?:
      return run(statement, in: session, toFile: name, append: append)
    case .pipe(let command)?:
      return run(statement, in: session, throughCommand: command)
    case nil:
      return session.perform(statement)
    }
  }

  private func run(_ statement: Statement, in session: Session, toFile name: String, append: Bool)
    -> Outcome
  {
    let file: OutputFile
    do {
      file = try OutputFile(name: name, append: append, home: home)
    } catch let failure as OutputFile.Failure {
      return statement.failed(
        failure.code == EINTR ? .interrupted : .badRedirection(failure.description))
    } catch {
      return statement.failed(.unexpected(String(describing: error)))
    }
    var outcome = session.perform(statement)
    if outcome.error == nil, outcome.report != nil {
      render(outcome) { text in
        file.stream.write(text)
        return !file.stream.isBroken
      }
    }
    outcome.report = nil
    do {
      try file.finish()
    } catch {
      if outcome.error == nil { outcome.error = .badRedirection(String(describing: error)) }
    }
    return outcome
  }

  private func run(_ statement: Statement, in session: Session, throughCommand command: String)
    -> Outcome
  {
    var outcome = session.perform(statement)
    guard outcome.error == nil else { return outcome }
    let job = ForegroundJob(
      arguments: ["/bin/sh", "-c", command], environment: ProcessInfo.processInfo.environment,
      terminal: terminal)
    let ending: ForegroundJob.Ending
    do {
      ending = try job.run { write in
        if outcome.report != nil { render(outcome, write) }
      }
    } catch let failure as ForegroundJob.CannotStart {
      outcome.error = .badRedirection("| \(command): cannot start /bin/sh: \(failure.reason)")
      return outcome
    } catch {
      outcome.error = .unexpected(String(describing: error))
      return outcome
    }
    outcome.report = nil
    switch ending {
    case .exited(0): break
    case .exited(let status):
      outcome.error = .badRedirection("| \(command): exit status \(status)")
    case .signalled(SIGINT) where terminal != nil:
      // Ctrl-C reached the job only, as in a shell: the prompt comes back on a line of its own.
      errors.write("\n")
    case .signalled(SIGINT):
      outcome.error = .interrupted
    case .signalled(SIGPIPE):
      break  // it wrote into a pipe that closed (`| head | head`): not its failure
    case .signalled(let signal):
      outcome.error = .badRedirection("| \(command): ended by signal \(signal)")
    case .stopped:
      outcome.error = .badRedirection(
        "| \(command): stopped, and ended (shelf keeps no background jobs)")
    }
    return outcome
  }
}

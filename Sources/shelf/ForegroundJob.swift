import Foundation
import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program shelf writes into and hands the terminal to while it runs: the pager, or the
/// command after `|`. With job control (an interactive session in the terminal's foreground)
/// it runs as a shell runs a job: in a process group of its own, made the terminal's
/// foreground group, so that Ctrl-C and Ctrl-Z reach it and not shelf, and `less` can read
/// the keys; shelf takes the terminal back afterwards (blocking SIGTTOU, as shells do) and
/// puts back the terminal's modes. Without job control (a script) it stays in shelf's group.
///
/// The program gets the default action for the signals a shell resets (shelf ignores SIGPIPE,
/// which a child would otherwise inherit) and an empty signal mask.
struct ForegroundJob {
  /// The program and its arguments, found on `PATH`.
  let arguments: [String]
  /// Its whole environment.
  let environment: [String: String]
  /// The terminal to hand over (stdin's), or nil to run it in shelf's own process group.
  let terminal: Int32?

  /// How the program ended.
  enum Ending: Equatable {
    case exited(Int32)
    case signalled(Int32)
    /// Ctrl-Z stopped it: shelf keeps no background jobs, so it was ended.
    case stopped
  }

  struct CannotStart: Error {
    let reason: String
  }

  /// The terminal an interactive session hands to its jobs: stdin, when this process is in its
  /// foreground process group; nil otherwise (no job control, as in `sh -c`).
  static func controllingTerminal(interactive: Bool) -> Int32? {
    guard interactive, isatty(0) == 1, tcgetpgrp(0) == getpgrp() else { return nil }
    return 0
  }

  /// Starts the program with a pipe as its standard input, lets `produce` write into it a
  /// piece at a time (`write` returns false once the program stopped reading: a pager quit
  /// with `q`, `head` had enough, Ctrl-C ended it), then waits for it.
  func run(_ produce: (_ write: (String) -> Bool) -> Void) throws -> Ending {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else {
      throw CannotStart(reason: String(cString: strerror(errno)))
    }
    let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    let child: pid_t
    do {
      child = try spawn(input: readEnd, closing: writeEnd)
    } catch {
      close(readEnd)
      close(writeEnd)
      throw error
    }
    close(readEnd)
    var savedModes = termios()
    let modesSaved = terminal.map { tcgetattr($0, &savedModes) == 0 } ?? false
    if let terminal {
      // Both sides set the group, so that it exists before the terminal is given to it.
      _ = setpgid(child, child)
      Self.giveTerminal(terminal, to: child)
    }
    var watch = ChildWatch(child: child, jobControl: terminal != nil)
    // Non-blocking writes, so that a program stopped without reading (Ctrl-Z) is noticed.
    _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
    var open = true
    produce { text in
      guard open else { return false }
      open = watch.write(Array(text.utf8), to: writeEnd)
      return open
    }
    close(writeEnd)
    let ending = watch.waitForEnd()
    if let terminal {
      Self.giveTerminal(terminal, to: getpgrp())
      if modesSaved { _ = tcsetattr(terminal, TCSADRAIN, &savedModes) }
    }
    return ending
  }

  /// Makes `group` the terminal's foreground process group; SIGTTOU, which a background
  /// process gets for that, is blocked meanwhile.
  private static func giveTerminal(_ terminal: Int32, to group: pid_t) {
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGTTOU)
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    while tcsetpgrp(terminal, group) != 0 && errno == EINTR {}
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }

  private func spawn(input: Int32, closing writeEnd: Int32) throws -> pid_t {
    guard let program = arguments.first else { throw CannotStart(reason: "no program") }
    do {
      return try ChildProcess.start(
        program, arguments: Array(arguments.dropFirst()), environment: environment,
        stdin: input, closing: [input, writeEnd], group: terminal == nil ? .shelfs : .own)
    } catch let error as ChildProcess.StartError {
      throw CannotStart(reason: error.reason)
    }
  }
}

/// Writes into a job's pipe while watching the job: a program stopped by Ctrl-Z is ended
/// (there are no background jobs to keep it in), one stopped only because it touched the
/// terminal before it was handed over is continued.
private struct ChildWatch {
  let child: pid_t
  let jobControl: Bool
  /// How it ended, once it has been waited for.
  private var ending: ForegroundJob.Ending?
  /// Ctrl-Z stopped it, and it was told to end.
  private var stoppedByUser = false

  init(child: pid_t, jobControl: Bool) {
    self.child = child
    self.jobControl = jobControl
  }

  /// Writes all of `bytes`; false when the program is gone or stopped reading.
  mutating func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      guard ending == nil, !stoppedByUser else { return false }
      let written = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return systemWrite(descriptor, base + offset, buffer.count - offset)
      }
      if written > 0 {
        offset += written
        continue
      }
      switch errno {
      case EINTR: continue
      case EAGAIN:
        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        if poll(&ready, 1, 100) == 0 { check(blocking: false) }
      default:
        return false  // EPIPE: the program stopped reading, which is fine
      }
    }
    return true
  }

  /// Waits until the program has ended.
  mutating func waitForEnd() -> ForegroundJob.Ending {
    while true {
      if let ending { return ending }
      check(blocking: true)
    }
  }

  /// Looks at the program once: notes how it ended, or acts on a stop.
  private mutating func check(blocking: Bool) {
    var status: Int32 = 0
    let result = waitpid(child, &status, WUNTRACED | (blocking ? 0 : WNOHANG))
    if result < 0 {
      if errno != EINTR { ending = stoppedByUser ? .stopped : .exited(127) }
      return
    }
    guard result == child else { return }
    if status & 0xFF == 0x7F {
      stopped(by: (status >> 8) & 0xFF)
    } else if stoppedByUser {
      ending = .stopped
    } else if status & 0x7F == 0 {
      ending = .exited((status >> 8) & 0xFF)
    } else {
      ending = .signalled(status & 0x7F)
    }
  }

  private mutating func stopped(by signal: Int32) {
    let target = jobControl ? -child : child
    if jobControl && (signal == SIGTTIN || signal == SIGTTOU) && !stoppedByUser {
      // It reached for the terminal before it was its own: it is now.
      kill(target, SIGCONT)
      return
    }
    stoppedByUser = true
    kill(target, SIGTERM)
    kill(target, SIGCONT)
  }
}

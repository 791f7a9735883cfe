import Foundation
import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of the system `git`, started with its arguments (never through a shell): the bytes
/// it reads on standard input, what it writes on standard output and standard error, and its
/// exit status. While it runs, `tick` is called about every 100 ms with the lines it has
/// written on standard error so far (its progress); a `tick` that returns true ends it (Ctrl-C).
struct GitProcess {
  /// What a finished run gave.
  struct Output {
    var status: Int32
    var stdout: Data
    var stderr: Data
    /// Ended by a signal (SIGKILL after a cancel, a crash) rather than exiting.
    var signalled: Bool

    var succeeded: Bool { status == 0 && !signalled }
    var text: String { String(decoding: stdout, as: UTF8.self) }
    var errorText: String { String(decoding: stderr, as: UTF8.self) }
  }

  /// The program to run (`/usr/bin/git`).
  let executable: String
  let environment: [String: String]
  /// In the terminal's process group (so that ssh can ask for a passphrase and Ctrl-C reaches
  /// git), or in one of its own (a sync in the background must not read the terminal).
  let foreground: Bool

  /// Runs `git ARGUMENTS`; throws `SyncError.gitMissing` when it cannot be started and
  /// `SyncError.interrupted` when `tick` asked it to stop or Ctrl-C stopped it.
  func run(
    _ arguments: [String], input: Data? = nil, tick: (String) -> Bool = { _ in false }
  ) throws -> Output {
    let stdinEnds = try Self.socketPair()
    var stdoutEnds: [Int32] = [-1, -1]
    var stderrEnds: [Int32] = [-1, -1]
    guard pipe(&stdoutEnds) == 0 else { throw SyncError.cannotStartGit(Self.reason(errno)) }
    guard pipe(&stderrEnds) == 0 else {
      close(stdoutEnds[0])
      close(stdoutEnds[1])
      throw SyncError.cannotStartGit(Self.reason(errno))
    }
    let pid: pid_t
    do {
      pid = try spawn(
        arguments, stdin: stdinEnds.child, stdout: stdoutEnds[1], stderr: stderrEnds[1])
    } catch {
      for descriptor in [stdinEnds.parent, stdinEnds.child] + stdoutEnds + stderrEnds {
        close(descriptor)
      }
      throw error
    }
    close(stdinEnds.child)
    close(stdoutEnds[1])
    close(stderrEnds[1])
    var streams = Streams(
      input: stdinEnds.parent, stdout: stdoutEnds[0], stderr: stderrEnds[0], bytes: input)
    let cancelled = streams.pump(tick: tick, end: { kill(pid, SIGKILL) })
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7f
    // In the terminal's group, Ctrl-C reaches git too, which may end (by SIGINT, or exiting
    // 130 as ssh and git do) before `tick` is asked again: that is the user's stop as well.
    let stoppedByCtrlC = foreground && (signal == SIGINT || (signal == 0 && status >> 8 == 130))
    if cancelled || stoppedByCtrlC { throw SyncError.interrupted }
    return Output(
      status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, stdout: streams.output,
      stderr: streams.errors, signalled: signal != 0)
  }

  /// The three ends of a running git that the parent holds, moved along with `poll`.
  private struct Streams {
    var input: Int32
    let outputs: [Int32]
    var bytes: Data?
    var written = 0
    /// What git wrote on standard output and standard error.
    var collected = [Data(), Data()]

    init(input: Int32, stdout: Int32, stderr: Int32, bytes: Data?) {
      self.input = input
      outputs = [stdout, stderr]
      self.bytes = bytes
    }

    var output: Data { collected[0] }
    var errors: Data { collected[1] }

    /// Writes the input and reads both outputs until git closes them; returns true when `tick`
    /// asked to stop (git was ended with `end`).
    mutating func pump(tick: (String) -> Bool, end: () -> Void) -> Bool {
      defer {
        closeInput()
        for descriptor in outputs { close(descriptor) }
      }
      if bytes?.isEmpty ?? true { closeInput() }
      var lastTick = ProcessInfo.processInfo.systemUptime
      var buffer = [UInt8](repeating: 0, count: 65536)
      var open = [true, true]
      while open.contains(true) {
        // `poll` skips a negative descriptor: an output that ended, or the closed input.
        var descriptors = [
          pollfd(fd: open[0] ? outputs[0] : -1, events: Int16(POLLIN), revents: 0),
          pollfd(fd: open[1] ? outputs[1] : -1, events: Int16(POLLIN), revents: 0),
          pollfd(fd: input, events: Int16(POLLOUT), revents: 0),
        ]
        let ready = poll(&descriptors, 3, 100)
        if ready < 0 && errno != EINTR { break }
        let now = ProcessInfo.processInfo.systemUptime
        if now - lastTick >= 0.1 {
          lastTick = now
          if tick(String(decoding: errors, as: UTF8.self)) {
            end()
            return true
          }
        }
        guard ready > 0 else { continue }
        if input >= 0, descriptors[2].revents != 0 { writeSome() }
        for index in 0..<2 where open[index] && descriptors[index].revents != 0 {
          let count = buffer.withUnsafeMutableBytes {
            read(outputs[index], $0.baseAddress, $0.count)
          }
          if count > 0 {
            collected[index].append(contentsOf: buffer[0..<count])
          } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            open[index] = false
          }
        }
      }
      return false
    }

    private mutating func writeSome() {
      guard let bytes else { return closeInput() }
      let count = bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return GitProcess.send(input, base + written, raw.count - written)
      }
      if count > 0 {
        written += count
        if written >= bytes.count { closeInput() }
      } else if count < 0 && errno != EINTR && errno != EAGAIN {
        closeInput()  // git stopped reading (it ended): what it says is in its output
      }
    }

    private mutating func closeInput() {
      guard input >= 0 else { return }
      close(input)
      input = -1
    }
  }

  private static func send(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
      return Darwin.send(descriptor, bytes, count, 0)
    #else
      return Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
    #endif
  }

  private static func socketPair() throws -> (parent: Int32, child: Int32) {
    do {
      return try ChildProcess.socketPair(nonBlocking: true)
    } catch let error as ChildProcess.StartError {
      throw SyncError.cannotStartGit(error.reason)
    }
  }

  private func spawn(_ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32) throws
    -> pid_t
  {
    do {
      // In the background, a session of its own without the terminal: ssh cannot stop there
      // waiting to read a passphrase from it (it fails at once instead, as in cron).
      return try ChildProcess.start(
        executable, arguments: arguments, environment: environment, stdin: stdin,
        stdout: .descriptor(stdout), stderr: .descriptor(stderr),
        group: foreground ? .shelfs : .session)
    } catch let error as ChildProcess.StartError {
      throw SyncError.cannotStartGit(error.reason)
    }
  }

  private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

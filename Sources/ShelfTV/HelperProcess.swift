import Foundation
import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One running `shelf-fetch`: its stdin and stdout are one end of a socket pair, a reader
/// thread collects its answers (`HelperProtocol`), and callers wait for theirs by id.
///
/// The helper runs in a process group of its own, so a Ctrl-C at the terminal reaches the shell
/// only; the shell decides what to cancel. It is reaped by the reader thread once its output
/// ends (it exited, or `terminate()` killed it).
final class HelperProcess: @unchecked Sendable {
  let pid: pid_t
  private let socket: Int32
  private let condition = NSCondition()
  private var answers: [Int: Result<HTTPResponse, TransportFailure>] = [:]
  /// Set when the helper can answer no more: it ended, or it sent something unreadable.
  private var failure: TransportFailure?
  /// Set when the helper was ended because the user cancelled.
  private var cancelled = false
  private var reaped = false

  /// Starts `helper`; throws `TransportFailure.noConnection` when it cannot be run.
  init(helper: URL) throws {
    let ends = try Self.socketPair()
    let pid: pid_t
    do {
      pid = try Self.spawn(helper, stdio: ends.child)
    } catch {
      close(ends.parent)
      close(ends.child)
      throw error
    }
    close(ends.child)
    self.pid = pid
    socket = ends.parent
    let thread = Thread { [self] in readAnswers() }
    thread.name = "shelf-fetch reader"
    thread.start()
  }

  /// Sends a request line; throws when the helper is gone.
  func send(_ line: Data) throws {
    let sent = line.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
      guard let base = bytes.baseAddress else { return true }
      var offset = 0
      while offset < bytes.count {
        let count = Self.write(socket, base + offset, bytes.count - offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    if !sent {
      throw currentFailure
        ?? TransportFailure(kind: .noConnection, detail: "the network helper stopped")
    }
  }

  /// Waits for the answer to request `id`, checking `isCancelled` every 50 ms. Past `deadline`
  /// (a `ProcessInfo.systemUptime`) the helper is taken to be stuck: it is ended and the request
  /// has timed out.
  func answer(
    to id: Int, deadline: TimeInterval, isCancelled: () -> Bool
  ) throws -> HTTPResponse {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let result = answers.removeValue(forKey: id) { return try result.get() }
      if cancelled { throw RequestCancelled() }
      if let failure { throw failure }
      if isCancelled() {
        cancelled = true
        endLocked()
        throw RequestCancelled()
      }
      if ProcessInfo.processInfo.systemUptime >= deadline {
        failure = TransportFailure(kind: .timedOut, detail: "no answer")
        endLocked()
        throw TransportFailure(kind: .timedOut, detail: "no answer")
      }
      _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
    }
  }

  /// True while the helper can take requests.
  var isUsable: Bool {
    condition.lock()
    defer { condition.unlock() }
    return failure == nil && !cancelled
  }

  /// Ends the helper at once (requests under way fail).
  func terminate() {
    condition.lock()
    defer { condition.unlock() }
    endLocked()
  }

  /// Closes the helper's input: it ends by itself.
  func finish() {
    _ = shutdown(socket, Int32(SHUT_WR))
  }

  private var currentFailure: TransportFailure? {
    condition.lock()
    defer { condition.unlock() }
    return failure
  }

  private func endLocked() {
    if !reaped { kill(pid, SIGKILL) }
    _ = shutdown(socket, Int32(SHUT_RDWR))
  }

  // MARK: - Reading

  private func readAnswers() {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    var problem: TransportFailure?
    while problem == nil {
      let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      buffer += chunk[0..<count]
      do {
        var taken: [HelperProtocol.Answer] = []
        while let answer = try HelperProtocol.takeAnswer(from: &buffer) { taken.append(answer) }
        if !taken.isEmpty {
          condition.lock()
          for answer in taken { answers[answer.id] = answer.result }
          condition.broadcast()
          condition.unlock()
        }
      } catch let failure as TransportFailure {
        problem = failure
      } catch {
        problem = HelperProtocol.garbage
      }
    }
    condition.lock()
    if !reaped { kill(pid, SIGKILL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    reaped = true
    failure =
      failure ?? problem
      ?? TransportFailure(
        kind: .noConnection, detail: "the network helper stopped (\(Self.describe(status)))")
    close(socket)
    condition.broadcast()
    condition.unlock()
  }

  private static func describe(_ status: Int32) -> String {
    let signal = status & 0x7f
    if signal == 0 { return "exit status \((status >> 8) & 0xff)" }
    return "signal \(signal)"
  }

  // MARK: - Starting

  private static func socketPair() throws -> (parent: Int32, child: Int32) {
    do {
      return try ChildProcess.socketPair()
    } catch let error as ChildProcess.StartError {
      throw TransportFailure(
        kind: .noConnection, detail: "cannot start the network helper: \(error.reason)")
    }
  }

  private static func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
      return Darwin.send(fd, bytes, count, 0)
    #else
      return Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
    #endif
  }

  /// Runs the helper with `stdio` as its stdin and stdout, stderr on /dev/null, in a process
  /// group of its own.
  private static func spawn(_ helper: URL, stdio: Int32) throws -> pid_t {
    do {
      return try ChildProcess.start(
        helper.path, stdin: stdio, stdout: .descriptor(stdio), stderr: .discarded, group: .own)
    } catch {
      throw TransportFailure(
        kind: .noConnection,
        detail: "cannot run the network helper \(helper.path) (build it with swift build)")
    }
  }
}

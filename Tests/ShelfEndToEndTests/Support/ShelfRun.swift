import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The outcome of one piped (non-terminal) run of the shell.
struct ShelfRun {
  let arguments: [String]
  let status: Int32
  let stdout: Data
  let stderr: Data

  var output: String { String(decoding: stdout, as: UTF8.self) }
  var errors: String { String(decoding: stderr, as: UTF8.self) }
  var outputLines: [String] { output.split(separator: "\n").map(String.init) }
  var errorLines: [String] { errors.split(separator: "\n").map(String.init) }

  /// For failure messages.
  var summary: String {
    "shelf \(arguments.joined(separator: " ")) → status \(status)\n--- stdout ---\n\(output)"
      + "\n--- stderr ---\n\(errors)"
  }
}

/// What a piped run reads on its standard input.
enum StandardInput {
  /// /dev/null.
  case none
  /// `shelf < file`.
  case file(URL)
  /// `printf … | shelf`.
  case pipe(Data)
}

struct TimedOut: Error, CustomStringConvertible {
  let what: String
  let seconds: TimeInterval
  var description: String { "\(what) did not finish within \(Int(seconds)) s and was killed" }
}

/// Collects everything read from one file handle on a background thread.
private final class Drain: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  private let finished = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    let thread = Thread { [self] in
      let all = handle.readDataToEndOfFile()
      lock.lock()
      data = all
      lock.unlock()
      finished.signal()
    }
    thread.start()
  }

  func wait(seconds: TimeInterval) -> Data {
    _ = finished.wait(timeout: .now() + seconds)
    lock.lock()
    defer { lock.unlock() }
    return data
  }
}

/// A started process that has not been waited for yet (for concurrent runs).
final class RunningShelf {
  let process: Process
  let arguments: [String]
  private let out: Drain
  private let err: Drain

  init(
    binary: URL, arguments: [String], environment: [String: String], input: StandardInput,
    workingDirectory: URL? = nil
  ) throws {
    self.arguments = arguments
    process = Process()
    process.executableURL = binary
    if let workingDirectory { process.currentDirectoryURL = workingDirectory }
    process.arguments = arguments
    process.environment = environment
    switch input {
    case .none:
      process.standardInput = FileHandle.nullDevice
    case .file(let url):
      process.standardInput = try FileHandle(forReadingFrom: url)
    case .pipe(let data):
      let pipe = Pipe()
      process.standardInput = pipe
      let writer = pipe.fileHandleForWriting
      Thread {
        writer.write(data)
        try? writer.close()
      }.start()
    }
    let outPipe = Pipe()
    let errPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    out = Drain(outPipe.fileHandleForReading)
    err = Drain(errPipe.fileHandleForReading)
    try process.run()
  }

  /// Waits for the exit; a run that takes longer than `timeout` is killed and reported.
  func wait(timeout: TimeInterval = 30) throws -> ShelfRun {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline {
      usleep(5_000)
    }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      // Bounded: never let a test hang on a child that will not go away.
      let grace = Date().addingTimeInterval(5)
      while process.isRunning && Date() < grace { usleep(5_000) }
      throw TimedOut(what: "shelf " + arguments.joined(separator: " "), seconds: timeout)
    }
    process.waitUntilExit()
    let stdout = out.wait(seconds: 5)
    let stderr = err.wait(seconds: 5)
    var status = process.terminationStatus
    if process.terminationReason == .uncaughtSignal { status = 128 + status }
    return ShelfRun(arguments: arguments, status: status, stdout: stdout, stderr: stderr)
  }
}

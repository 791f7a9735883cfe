import CEditLineShim
import Foundation
import ShelfShell

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads lines from a file descriptor with no prompt and no editing: bytes up to each newline,
/// checked for valid UTF-8 and for length (an over-long line is skipped to its end).
final class StreamLineReader: LineReader {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var position = 0
  private var atEnd = false
  private var interrupted = false

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  func readLine(prompt: String) -> LineInput? {
    var line: [UInt8] = []
    var length = 0
    while true {
      if position == buffer.count {
        guard !atEnd, fill() else {
          if interrupted { return .interrupted }
          if length == 0 { return nil }
          break
        }
      }
      let byte = buffer[position]
      position += 1
      if byte == UInt8(ascii: "\n") { break }
      length += 1
      if length <= LineLimits.maximumBytes { line.append(byte) }
    }
    if length > LineLimits.maximumBytes { return .tooLong(length) }
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    guard let text = String(validating: line, as: UTF8.self) else { return .invalidUTF8 }
    return .line(text)
  }

  private func fill() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR {
        // Ctrl-C while waiting for input (a slow pipe) stops the script.
        if shelf_interrupt_pending() != 0 {
          interrupted = true
          atEnd = true
          return false
        }
        continue
      }
      guard count > 0 else {
        atEnd = true
        return false
      }
      buffer = Array(chunk[0..<count])
      position = 0
      return true
    }
  }
}

/// Serves the `-c` commands one by one.
final class ArgumentLineReader: LineReader {
  private var lines: [String]

  init(lines: [String]) {
    self.lines = lines
  }

  func readLine(prompt: String) -> LineInput? {
    guard !lines.isEmpty else { return nil }
    let line = lines.removeFirst()
    if line.utf8.count > LineLimits.maximumBytes { return .tooLong(line.utf8.count) }
    return .line(line)
  }
}

import Foundation

/// Where a file stops being JSON (RFC 8259), for a refusal a person can act on:
/// `line 3, column 14: expected "," or "}"`. One pass over the bytes with a stack of the
/// open arrays and objects (no recursion, so a file nested a million deep is only an error).
public enum JSONSyntax {
  /// The first place `data` is not JSON, and what was expected there.
  public struct Problem: Equatable, Sendable, CustomStringConvertible {
    /// 1-based: the line, and the character on it.
    public let line: Int
    public let column: Int
    /// What is wrong there: `expected "," or "}"`.
    public let reason: String

    public var description: String { "line \(line), column \(column): \(reason)" }
  }

  /// Nil when `data` is one JSON value (whitespace around it allowed).
  public static func problem(in data: Data) -> Problem? {
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var checker = Checker(bytes: bytes)
      guard let (offset, reason) = checker.firstError() else { return nil }
      return located(offset, in: bytes, reason: reason)
    }
  }

  /// The line and column of byte `offset`: lines end at LF, a column is a character (a
  /// UTF-8 sequence counts once).
  private static func located(
    _ offset: Int, in bytes: UnsafeBufferPointer<UInt8>, reason: String
  ) -> Problem {
    var line = 1
    var column = 1
    for byte in bytes[..<min(offset, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return Problem(line: line, column: column, reason: reason)
  }

  private struct Checker {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
    }

    private enum Open { case array, object }

    /// The offset of the first error and what was expected there.
    mutating func firstError() -> (Int, String)? {
      var open: [Open] = []
      skipSpace()
      if position == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        return (0, "a byte order mark, which JSON does not have")
      }
      // Expecting a value: at the start, after `[`, `,` in an array, `:` in an object.
      var wantsValue = true
      while true {
        skipSpace()
        if wantsValue {
          guard position < bytes.count else { return (position, "unexpected end of file") }
          switch bytes[position] {
          case UInt8(ascii: "{"):
            position += 1
            skipSpace()
            if take(UInt8(ascii: "}")) {
              wantsValue = false
            } else {
              open.append(.object)
              if let error = key() { return error }
              continue
            }
          case UInt8(ascii: "["):
            position += 1
            skipSpace()
            if take(UInt8(ascii: "]")) {
              wantsValue = false
            } else {
              open.append(.array)
              continue
            }
          case UInt8(ascii: "\""):
            if let error = string() { return error }
          case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if let error = number() { return error }
          case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            guard literal("true") || literal("false") || literal("null") else {
              return (position, "expected a value")
            }
          default:
            return (position, "expected a value")
          }
          wantsValue = false
          continue
        }
        // After a value: the next one, the end of its container, or the end of the file.
        guard let container = open.last else {
          return position == bytes.count ? nil : (position, "unexpected text after the end")
        }
        let closer = container == .array ? UInt8(ascii: "]") : UInt8(ascii: "}")
        if take(UInt8(ascii: ",")) {
          if container == .object, let error = key() { return error }
          wantsValue = true
        } else if take(closer) {
          open.removeLast()
        } else {
          let expected = container == .array ? "expected \",\" or \"]\"" : "expected \",\" or \"}\""
          return (position, position == bytes.count ? "unexpected end of file" : expected)
        }
      }
    }

    /// A key and its colon, in an object.
    private mutating func key() -> (Int, String)? {
      skipSpace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        return (position, "expected a key (a name in double quotes)")
      }
      if let error = string() { return error }
      skipSpace()
      guard take(UInt8(ascii: ":")) else { return (position, "expected \":\"") }
      return nil
    }

    private mutating func string() -> (Int, String)? {
      position += 1  // the opening quote
      while position < bytes.count {
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "\""):
          position += 1
          return nil
        case UInt8(ascii: "\\"):
          position += 1
          guard position < bytes.count else { break }
          let escaped = bytes[position]
          if escaped == UInt8(ascii: "u") {
            for offset in 1...4 {
              guard position + offset < bytes.count, isHexDigit(bytes[position + offset]) else {
                return (position - 1, "a \\u escape needs four hexadecimal digits")
              }
            }
            position += 5
          } else if Array("\"\\/bfnrt".utf8).contains(escaped) {
            position += 1
          } else {
            return (position - 1, "an escape that JSON does not have")
          }
        case 0..<0x20:
          return (position, "a control character inside a string (write it as an escape)")
        case 0x80...:
          guard let length = utf8Sequence(at: position) else { return (position, "not UTF-8") }
          position += length
        default:
          position += 1
        }
      }
      return (position, "a string without its closing quote")
    }

    private mutating func number() -> (Int, String)? {
      let start = position
      _ = take(UInt8(ascii: "-"))
      if take(UInt8(ascii: "0")) {
        // No leading zeros.
      } else if digits() == 0 {
        return (start, "expected a value")
      }
      if take(UInt8(ascii: ".")), digits() == 0 {
        return (position, "expected a digit after the decimal point")
      }
      if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
        _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
        if digits() == 0 { return (position, "expected a digit in the exponent") }
      }
      return nil
    }

    private mutating func digits() -> Int {
      let start = position
      while position < bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
      {
        position += 1
      }
      return position - start
    }

    private mutating func literal(_ word: StaticString) -> Bool {
      let count = word.utf8CodeUnitCount
      guard position + count <= bytes.count else { return false }
      for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
        return false
      }
      position += count
      return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
      guard position < bytes.count, bytes[position] == byte else { return false }
      position += 1
      return true
    }

    private mutating func skipSpace() {
      while position < bytes.count {
        switch bytes[position] {
        case 0x20, 0x09, 0x0A, 0x0D: position += 1
        default: return
        }
      }
    }

    private func isHexDigit(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
        UInt8(ascii: "A")...UInt8(ascii: "F"):
        true
      default: false
      }
    }

    /// The length of the well-formed UTF-8 sequence at `start` (no overlong form, surrogate
    /// or scalar past U+10FFFF); nil when it is not one.
    private func utf8Sequence(at start: Int) -> Int? {
      let first = bytes[start]
      let length: Int
      // The range the second byte must be in, which rules out the forms UTF-8 forbids.
      var second: ClosedRange<UInt8> = 0x80...0xBF
      switch first {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, second) = (3, 0xA0...0xBF)
      case 0xED: (length, second) = (3, 0x80...0x9F)
      case 0xE1...0xEF: length = 3
      case 0xF0: (length, second) = (4, 0x90...0xBF)
      case 0xF4: (length, second) = (4, 0x80...0x8F)
      case 0xF1...0xF3: length = 4
      default: return nil
      }
      guard start + length <= bytes.count, second.contains(bytes[start + 1]) else { return nil }
      for index in start + 2..<start + length where bytes[index] & 0xC0 != 0x80 { return nil }
      return length
    }
  }
}

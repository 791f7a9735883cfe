/// The JSON grammar as the export scanner reads it: whitespace, literals, plain integers,
/// strings without escapes, and any value skipped with its syntax checked.
extension ExportScanner {
  /// An object whose members `member` reads (false: not what was expected).
  mutating func object(_ member: (inout ExportScanner, String) -> Bool) -> Bool {
    guard take(UInt8(ascii: "{")) else { return false }
    skipSpace()
    if take(UInt8(ascii: "}")) { return true }
    repeat {
      skipSpace()
      guard let key = string() else { return false }
      skipSpace()
      guard take(UInt8(ascii: ":")) else { return false }
      skipSpace()
      guard member(&self, key) else { return false }
      skipSpace()
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}"))
  }

  mutating func take(_ byte: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  mutating func takeNull() -> Bool {
    literal("null")
  }

  mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
      return false
    }
    position += count
    return true
  }

  mutating func skipSpace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// A plain integer (`-12`, `0`): no fraction, no exponent, no leading zero, within `Int`.
  mutating func integer() -> Int? {
    var index = position
    let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let first = index
    var value = 0
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
      let digit = Int(bytes[index] - 0x30)
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(negative ? -digit : digit)
      guard !overflow, !overflow2 else { return nil }
      value = sum
      index += 1
    }
    guard index > first, !(bytes[first] == 0x30 && index - first > 1) else { return nil }
    if index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
      default: break
      }
    }
    position = index
    return value
  }

  /// A string without escapes as text; nil for anything else (escapes go the slow way).
  mutating func string() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let text = String(
          validating: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        position += 1
        return text
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      position += 1
    }
    return nil
  }

  /// Skips one JSON value, checking its syntax.
  mutating func skipValue() -> Bool {
    guard position < bytes.count else { return false }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      return object { scanner, _ in scanner.skipValue() }
    case UInt8(ascii: "["):
      position += 1
      skipSpace()
      if take(UInt8(ascii: "]")) { return true }
      repeat {
        skipSpace()
        guard skipValue() else { return false }
        skipSpace()
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "]"))
    case UInt8(ascii: "\""):
      return skipString()
    case UInt8(ascii: "t"): return literal("true")
    case UInt8(ascii: "f"): return literal("false")
    case UInt8(ascii: "n"): return literal("null")
    default:
      return skipNumber()
    }
  }

  /// A string with any escapes, checked (`\u` needs four hex digits) but not decoded.
  mutating func skipString() -> Bool {
    guard take(UInt8(ascii: "\"")) else { return false }
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        let valid =
          String(validating: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
          != nil
        position += 1
        return valid
      case UInt8(ascii: "\\"):
        guard position + 1 < bytes.count else { return false }
        switch bytes[position + 1] {
        case UInt8(ascii: "u"):
          guard position + 6 <= bytes.count,
            bytes[(position + 2)..<(position + 6)].allSatisfy({
              ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66)
            })
          else { return false }
          position += 6
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          position += 2
        default:
          return false
        }
      case 0..<0x20:
        return false
      default:
        position += 1
      }
    }
    return false
  }

  /// A number in JSON's grammar.
  mutating func skipNumber() -> Bool {
    var index = position
    func digits() -> Int {
      let start = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      return index - start
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let first = index
    let count = digits()
    guard count > 0, !(bytes[first] == 0x30 && count > 1) else { return false }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { return false }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() > 0 else { return false }
    }
    position = index
    return true
  }
}

import Foundation
import ShelfTerminal

@testable import ShelfShell

/// What may reach a terminal: no control character but the newline, no C1 control, no
/// bidirectional override or isolate, and, in coloured text, no ESC except the SGR colour
/// sequences the text renderer itself writes.
enum TerminalSafety {
  /// Every style the renderer knows, for the SGR codes it may write.
  private static let styles: [TextStyle] = [
    .plain, .bold, .italic, .emphasis, .strong, .dim, .heading, .accent, .price, .favorite,
    .error, .warning, .link, .saveAction, .deleteAction,
  ]

  /// The parameters of `ESC [ … m` the renderer writes: each style's code and the reset.
  static let rendererCodes: Set<String> = Set(
    styles.map { EscapeSequence.sgr($0.attributes).dropFirst(2).dropLast() }.map(String.init)
      + ["0"])

  /// Why `text` is not safe to print, or nil. With `colors`, the renderer's SGR sequences
  /// are allowed (and only those). Works on the UTF-8 bytes: this runs for every report.
  static func problem(inText text: String, colors: Bool) -> String? {
    var text = text
    return text.withUTF8 { bytes in
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x1B {
          guard colors else { return "ESC in text without colours" }
          guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else {
            return "ESC not followed by ["
          }
          var end = index + 2
          while end < bytes.count,
            bytes[end] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[end])
          {
            end += 1
          }
          let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
          guard end < bytes.count, bytes[end] == UInt8(ascii: "m") else {
            return "ESC [\(parameters) is not an SGR sequence"
          }
          guard rendererCodes.contains(parameters) else {
            return "SGR code \(parameters) is not one the renderer writes"
          }
          index = end + 1
          continue
        }
        if let reason = unsafe(bytes, at: index) { return reason }
        index += 1
      }
      return nil
    }
  }

  /// Why `json` is not safe to print or not JSON, or nil.
  static func problem(inJSON json: String) -> String? {
    var json = json
    let unsafe: String? = json.withUTF8 { bytes in
      for index in bytes.indices {
        if bytes[index] == 0x1B { return "ESC in JSON" }
        if let reason = Self.unsafe(bytes, at: index) { return reason }
        // U+2028 and U+2029, which some JSON readers take for line ends.
        if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
          bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
        {
          return "raw line separator in JSON"
        }
      }
      return nil
    }
    if let unsafe { return unsafe }
    let data = Data(json.utf8)
    guard data.contains(where: { $0 != 0x0A && $0 != 0x20 }) else { return nil }
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      return "not valid JSON: \(error)"
    }
    return nil
  }

  /// A control character, C1 control or bidirectional control starting at `index` of UTF-8
  /// `bytes` (ESC is handled by the callers).
  private static func unsafe(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> String? {
    let byte = bytes[index]
    if byte < 0x80 {
      if byte == 0x0A || (byte >= 0x20 && byte != 0x7F) { return nil }
      return "control character 0x\(String(byte, radix: 16))"
    }
    guard index + 1 < bytes.count else { return nil }
    let next = bytes[index + 1]
    if byte == 0xC2, (0x80...0x9F).contains(next) {
      return "C1 control U+00\(String(next, radix: 16, uppercase: true))"
    }
    guard byte == 0xE2, index + 2 < bytes.count else { return nil }
    let last = bytes[index + 2]
    if (next == 0x80 && (0xAA...0xAE).contains(last))
      || (next == 0x81 && (0xA6...0xA9).contains(last))
    {
      return
        "bidirectional control (UTF-8 e2 \(String(next, radix: 16)) \(String(last, radix: 16)))"
    }
    return nil
  }
}

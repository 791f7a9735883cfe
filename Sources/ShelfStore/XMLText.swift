import Foundation
import ShelfTerminal

/// Keeps an XML document well-formed whatever text went into it.
enum XMLText {
  /// `data` (UTF-8 XML) with every character XML 1.0 forbids (C0 controls other than tab,
  /// newline and carriage return; U+FFFE and U+FFFF) replaced by U+FFFD, so that a file
  /// written with such a name always reads back. No escape would do: XML 1.0 forbids them as
  /// character references too.
  static func replacingForbiddenCharacters(in data: Data) -> Data {
    guard data.contains(where: isSuspect) else { return data }
    // An escape sequence goes whole (within its text: `<` starts the next tag), so that no
    // `[31m` is left to print once ESC is gone.
    if data.contains(0x1B) {
      let text = String(decoding: data, as: UTF8.self)
      return replacingForbiddenCharacters(
        in: Data(TerminalText.removingEscapeSequences(text, boundary: "<").utf8))
    }
    var result = [UInt8]()
    result.reserveCapacity(data.count + 16)
    let bytes = [UInt8](data)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
        result.append(contentsOf: replacement)
        index += 1
      } else if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF,
        bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF
      {
        result.append(contentsOf: replacement)
        index += 3
      } else {
        result.append(byte)
        index += 1
      }
    }
    return Data(result)
  }

  private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

  private static func isSuspect(_ byte: UInt8) -> Bool {
    (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0xEF
  }
}

import Foundation

/// How text is compared when a user types it: case-, accent- and width-insensitive, with
/// `-`, `_` and runs of spaces treated alike, so `building-blocks` finds "Building Blocks"
/// and `etoile` finds "Étoile".
public enum SearchKey {
  /// The folded form used to compare names and search text.
  public static func fold(_ text: String) -> String {
    // For ASCII text, case, accent and width folding is exactly lowercasing, and much cheaper.
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    var folded: [UInt8] = []
    folded.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x41...0x5A:
        folded.append(UInt8(scalar.value + 0x20))
      case 0..<0x80:
        folded.append(UInt8(scalar.value))
      case latinRange:
        folded += latinFolds[Int(scalar.value - latinRange.lowerBound)].utf8
      default:
        // Other scripts and combining marks: Foundation folds the whole text in context.
        return foundationFold(text)
      }
    }
    return String(decoding: folded, as: UTF8.self)
  }

  /// Latin-1 Supplement and Latin Extended-A, where the accented letters of European names
  /// are: each folded once by Foundation, so the fast path folds exactly as it would.
  private static let latinRange: ClosedRange<UInt32> = 0xA0...0x17F
  private static let latinFolds: [String] = latinRange.map { value in
    foundationFold(String(Character(Unicode.Scalar(value)!)))
  }

  private static func foundationFold(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  /// The folded form of a name typed as a path segment or reference.
  public static func name(_ text: String) -> String {
    // On the folded UTF-8 bytes: `-`, `_` and spaces become one space (they are ASCII, so
    // they never occur inside a multi-byte character); leading and trailing blanks go.
    var bytes: [UInt8] = []
    var folded = fold(text)
    folded.withUTF8 { source in
      bytes.reserveCapacity(source.count)
      var lastWasSpace = false
      for byte in source {
        let isSpace = byte == 0x20 || byte == 0x2D || byte == 0x5F
        if isSpace {
          if !lastWasSpace { bytes.append(0x20) }
        } else {
          bytes.append(byte)
        }
        lastWasSpace = isSpace
      }
    }
    while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
    let leading = bytes.prefix { $0 == 0x20 || $0 == 0x09 }.count
    let result = String(decoding: bytes[leading...], as: UTF8.self)
    // Other whitespace at either end (a no-break space…) is trimmed as before, by Foundation.
    if let first = result.unicodeScalars.first, let last = result.unicodeScalars.last,
      first.value >= 0x80 || last.value >= 0x80
    {
      return result.trimmingCharacters(in: .whitespaces)
    }
    return result
  }

  /// A name as it can be typed without quotes: folded, words joined by dashes, punctuation and
  /// "and" dropped. "Arts & Crafts" and "arts-and-crafts" are both `arts-crafts`.
  public static func slug(_ text: String) -> String {
    fold(text).split { !($0.isLetter || $0.isNumber) }.filter { $0 != "and" }
      .joined(separator: "-")
  }
}

extension SearchKey {
  /// The folded words of `text` as UTF-8 bytes: runs of letters and digits (any byte of a
  /// non-ASCII character counts as a letter), split at spaces and ASCII punctuation. `find`
  /// indexes and searches exactly these.
  public static func words(in text: String) -> [[UInt8]] {
    var words: [[UInt8]] = []
    forEachWord(in: text) { words.append(Array($0)) }
    return words
  }

  /// Calls `body` with each folded word of `text` (bytes valid only during the call).
  public static func forEachWord(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    var text = text
    text.withUTF8 { forEachWord(inUTF8: $0, body) }
  }

  /// Calls `body` with each folded word of the UTF-8 text `bytes`. ASCII text is lowercased on
  /// the fly, without building a folded copy; other text is folded first.
  public static func forEachWord(
    inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      var folded = fold(String(decoding: bytes, as: UTF8.self))
      folded.withUTF8 { splitWords($0, body) }
      return
    }
    splitWords(bytes, body)
  }

  private static func splitWords(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, bytes.count)) { buffer in
      var length = 0
      func flush() {
        if length > 0 { body(UnsafeBufferPointer(rebasing: buffer[0..<length])) }
        length = 0
      }
      for byte in bytes {
        switch byte {
        case 0x41...0x5A:
          buffer[length] = byte + 0x20
          length += 1
        case 0x61...0x7A, 0x30...0x39, 0x80...:
          buffer[length] = byte
          length += 1
        default:
          flush()
        }
      }
      flush()
    }
  }

  /// Appends the folded form of the UTF-8 text `bytes` (as `fold` makes it) to `keys`.
  public static func appendFolded(_ bytes: UnsafeBufferPointer<UInt8>, to keys: inout PackedKeys) {
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      keys.append(fold(String(decoding: bytes, as: UTF8.self)))
      return
    }
    keys.appendKey(count: bytes.count) { key in
      for (index, byte) in bytes.enumerated() {
        key[index] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
      }
    }
  }

  /// Appends the folded form of a name in UTF-8 (as `name` makes it) to `keys`. ASCII, the
  /// usual case, is folded byte by byte without a string.
  public static func appendNameKey(_ bytes: UnsafeBufferPointer<UInt8>, to keys: inout PackedKeys) {
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      keys.append(name(String(decoding: bytes, as: UTF8.self)))
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, bytes.count)) { buffer in
      // As `name`: lowercase; each run of spaces, `-` and `_` one space; blanks trimmed.
      var length = 0
      var lastWasSpace = false
      for byte in bytes {
        let isSpace = byte == 0x20 || byte == 0x2D || byte == 0x5F
        if !isSpace {
          buffer[length] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
          length += 1
        } else if !lastWasSpace {
          buffer[length] = 0x20
          length += 1
        }
        lastWasSpace = isSpace
      }
      var end = length
      while end > 0 && (buffer[end - 1] == 0x20 || buffer[end - 1] == 0x09) { end -= 1 }
      var start = 0
      while start < end && (buffer[start] == 0x20 || buffer[start] == 0x09) { start += 1 }
      keys.appendKey(count: end - start) { key in
        for index in 0..<(end - start) { key[index] = buffer[start + index] }
      }
    }
  }
}

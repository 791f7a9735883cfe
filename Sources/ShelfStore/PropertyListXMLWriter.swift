import Foundation
import ShelfTerminal

/// Writes an XML property list straight into bytes, for the documents that are saved on
/// every change: much faster than `PropertyListEncoder`, which builds a tree of objects
/// first. Text is escaped, and characters XML 1.0 forbids become U+FFFD, so that what is
/// written always reads back. Values that are costly to encode (shows with their data) go
/// through `array(of:id:elementID:)`, which reuses their bytes from the last save when they
/// have not changed.
public struct PropertyListXMLWriter {
  private var bytes: [UInt8] = []
  private var depth = 0
  private let fragments: FragmentCache
  /// Where `flushIfLarge` hands the bytes written so far, when the document is streamed to a
  /// file rather than kept whole in memory (a million watched marks).
  private var sink: (([UInt8]) throws -> Void)?

  init(fragments: FragmentCache, sink: (([UInt8]) throws -> Void)? = nil) {
    self.fragments = fragments
    self.sink = sink
    bytes = sink == nil ? fragments.takeBuffer() : []
    append(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
      "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """)
  }

  public mutating func dictionary(_ body: (inout PropertyListXMLWriter) throws -> Void) rethrows {
    line("<dict>")
    depth += 1
    try body(&self)
    depth -= 1
    line("</dict>")
  }

  public mutating func array(_ body: (inout PropertyListXMLWriter) throws -> Void) rethrows {
    line("<array>")
    depth += 1
    try body(&self)
    depth -= 1
    line("</array>")
  }

  /// A dictionary key: a name written in the code, so it needs no escaping.
  public mutating func key(_ name: StaticString) {
    indent()
    literal("<key>")
    literal(name)
    literal("</key>\n")
  }

  /// A dictionary key made of data (a kind-qualified id), escaped as text is.
  public mutating func key(text: String) {
    indent()
    literal("<key>")
    Self.appendEscaped(text, to: &bytes)
    literal("</key>\n")
  }

  public mutating func integer(_ value: Int) {
    indent()
    literal("<integer>")
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )
    var count = 0
    if magnitude < 10_000_000_000 {
      withUnsafeMutableBytes(of: &digits) { buffer in
        repeat {
          buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
          magnitude /= 10
          count += 1
        } while magnitude > 0
        for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
      }
    } else {
      bytes += Array(String(magnitude).utf8)
    }
    literal("</integer>\n")
  }

  public mutating func string(_ value: String) {
    indent()
    literal("<string>")
    Self.appendEscaped(value, to: &bytes)
    literal("</string>\n")
  }

  /// A `<date>`, in UTC to the second.
  public mutating func date(_ value: Date) {
    indent()
    literal("<date>")
    bytes += Array(WatchTime.format(value).utf8)
    literal("</date>\n")
  }

  public mutating func integers(_ values: [Int]) {
    array { writer in
      for value in values { writer.integer(value) }
    }
  }

  /// An array whose elements `element` writes by hand; each element's bytes are kept under
  /// `key` and reused while the element stays equal, so a change to one line of a long list
  /// costs little more than copying the others.
  public mutating func array<Value: Equatable, Key: Hashable>(
    of values: [Value], id: String, key: (Value) -> Key,
    element: (inout PropertyListXMLWriter, Value) throws -> Void
  ) rethrows {
    let cache = fragments.elementCache(id, depth: depth + 1, Key.self, Value.self)
    line("<array>")
    depth += 1
    for value in values {
      let name = key(value)
      if let entry = cache.entries[name], entry.value == value {
        bytes += entry.bytes
        continue
      }
      let start = bytes.count
      try element(&self, value)
      cache.entries[name] = (value, Array(bytes[start...]))
    }
    depth -= 1
    line("</array>")
    if cache.entries.count > 2 * values.count + 64 {
      let wanted = Set(values.map(key))
      cache.entries = cache.entries.filter { wanted.contains($0.key) }
    }
  }

  /// An array of values encoded by their `Encodable` conformance (a show with its data).
  /// Their bytes are kept between saves: the whole array's while it stays equal, else each
  /// element's, under `elementID`, while that element stays equal.
  public mutating func array<Value: Encodable & Equatable>(
    of values: [Value], id: AnyHashable, elementID: (Value) -> AnyHashable
  ) throws {
    let old = fragments.arrays[id]
    if let old, old.depth == depth, let cached = old.values as? [Value], cached == values {
      bytes += old.bytes
      return
    }
    var part = PropertyListXMLWriter(continuing: fragments, depth: depth)
    var elements: [AnyHashable: (value: Any, bytes: [UInt8])] = [:]
    elements.reserveCapacity(values.count)
    try part.array { writer in
      for value in values {
        let key = elementID(value)
        let fragment: [UInt8]
        if let entry = old?.elements[key], let cached = entry.value as? Value, cached == value {
          fragment = entry.bytes
        } else {
          fragment = try fragments.encode(value)
        }
        elements[key] = (value, fragment)
        writer.bytes += fragment
      }
    }
    fragments.arrays[id] = FragmentCache.ArrayEntry(
      values: values, depth: depth, bytes: part.bytes, elements: elements)
    bytes += part.bytes
  }

  /// When streaming, hands what was written so far to the sink once it passes 1 MiB. Call only
  /// between elements written by hand (never inside `array(of:…)`, which keeps offsets).
  public mutating func flushIfLarge() throws {
    guard let sink, bytes.count >= 1 << 20 else { return }
    try sink(bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  /// The document's bytes (when streaming, those not flushed yet); give them back with
  /// `FragmentCache.reuse(_:)` once written.
  mutating func finish() -> [UInt8] {
    literal("</plist>\n")
    defer { bytes = [] }
    return bytes
  }

  private init(continuing fragments: FragmentCache, depth: Int) {
    self.fragments = fragments
    self.depth = depth
  }

  private mutating func line(_ text: StaticString) {
    indent()
    literal(text)
    bytes.append(UInt8(ascii: "\n"))
  }

  private mutating func literal(_ text: StaticString) {
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private mutating func indent() {
    switch depth {
    case 0: break
    case 1: bytes.append(UInt8(ascii: "\t"))
    default: bytes.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: depth))
    }
  }

  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// `text` as XML character data: `&`, `<`, `>` escaped, forbidden characters as U+FFFD.
  static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    let plain = text.withUTF8 { utf8 in
      let plain = utf8.allSatisfy {
        $0 >= 0x20 && $0 < 0x80 && $0 != 0x26 && $0 != 0x3C && $0 != 0x3E
      }
      if plain { bytes.append(contentsOf: utf8) }
      return plain
    }
    if plain { return }
    // An escape sequence goes whole: ESC alone would become U+FFFD and leave the rest of the
    // sequence (`[31m`) to be printed as text.
    for scalar in TerminalText.removingEscapeSequences(text).unicodeScalars {
      switch scalar.value {
      case 0x26: bytes += Array("&amp;".utf8)
      case 0x3C: bytes += Array("&lt;".utf8)
      case 0x3E: bytes += Array("&gt;".utf8)
      case 0x09, 0x0A, 0x0D: bytes.append(UInt8(scalar.value))
      case 0x00..<0x20, 0xFFFE, 0xFFFF: bytes += [0xEF, 0xBF, 0xBD]
      case 0x20..<0x80: bytes.append(UInt8(scalar.value))
      default: bytes += Array(String(scalar).utf8)
      }
    }
  }
}

/// The bytes of the arrays a document wrote through `array(of:id:elementID:)` at its last
/// save, kept by the `PropertyListFile` between saves.
final class FragmentCache {
  struct ArrayEntry {
    var values: Any
    var depth: Int
    var bytes: [UInt8]
    var elements: [AnyHashable: (value: Any, bytes: [UInt8])]
  }

  /// Bytes of hand-written elements, per element, for one array.
  final class ElementCache<Key: Hashable, Value> {
    var entries: [Key: (value: Value, bytes: [UInt8])] = [:]
  }

  var arrays: [AnyHashable: ArrayEntry] = [:]
  private var elementCaches: [String: (depth: Int, cache: AnyObject)] = [:]

  func elementCache<Key: Hashable, Value>(
    _ id: String, depth: Int, _ key: Key.Type, _ value: Value.Type
  ) -> ElementCache<Key, Value> {
    if let entry = elementCaches[id], entry.depth == depth,
      let cache = entry.cache as? ElementCache<Key, Value>
    {
      return cache
    }
    let cache = ElementCache<Key, Value>()
    elementCaches[id] = (depth, cache)
    return cache
  }
  /// The last document's buffer, kept so that the next save writes into memory that is
  /// already there.
  private var buffer: [UInt8] = []
  private let encoder: PropertyListEncoder = {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    return encoder
  }()

  func takeBuffer() -> [UInt8] {
    var taken: [UInt8] = []
    swap(&taken, &buffer)
    taken.removeAll(keepingCapacity: true)
    return taken
  }

  func reuse(_ bytes: [UInt8]) {
    buffer = bytes
  }

  /// Forgets everything (after a failed save).
  func clear() {
    arrays.removeAll()
    elementCaches.removeAll()
  }

  /// The value's element as the encoder writes it inside a one-element array.
  func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
    let data = XMLText.replacingForbiddenCharacters(in: try encoder.encode([value]))
    let bytes = [UInt8](data)
    let open = Array("<array>".utf8)
    let close = Array("</array>".utf8)
    guard let start = bytes.firstRange(of: open)?.upperBound,
      let end = bytes.lastRange(of: close)?.lowerBound, start <= end
    else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: [], debugDescription: "unexpected encoder output"))
    }
    var fragment = Array(bytes[start..<end])
    while fragment.first == UInt8(ascii: "\n") { fragment.removeFirst() }
    return fragment
  }
}

extension Array where Element == UInt8 {
  fileprivate func lastRange(of pattern: [UInt8]) -> Range<Int>? {
    guard count >= pattern.count else { return nil }
    var start = count - pattern.count
    while start >= 0 {
      if self[start..<(start + pattern.count)].elementsEqual(pattern) {
        return start..<(start + pattern.count)
      }
      start -= 1
    }
    return nil
  }
}

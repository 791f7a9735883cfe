import Foundation

/// How deeply a property list nests, found without decoding it: the decoders recurse once per
/// level, so a file nested thousands of levels deep would overflow the stack.
enum PropertyListDepth {
  /// True when no dictionary or array in `data` (XML or binary) lies more than `limit` levels
  /// deep. Data in neither form passes, for the decoder to reject.
  static func isWithin(_ limit: Int, _ data: Data) -> Bool {
    let bytes = [UInt8](data)
    if bytes.starts(with: Array("bplist".utf8)) { return binaryIsWithin(limit, bytes) }
    return xmlIsWithin(limit, bytes)
  }

  /// Counts `<dict>` and `<array>` against their end tags (`<dict/>` opens nothing).
  private static func xmlIsWithin(_ limit: Int, _ bytes: [UInt8]) -> Bool {
    var depth = 0
    var index = 0
    let open = UInt8(ascii: "<")
    let slash = UInt8(ascii: "/")
    while index < bytes.count {
      guard bytes[index] == open else {
        index += 1
        continue
      }
      var end = index + 1
      while end < bytes.count && bytes[end] != UInt8(ascii: ">") { end += 1 }
      let tag = bytes[(index + 1)..<min(end, bytes.count)]
      let closing = tag.first == slash
      let name = closing ? tag.dropFirst() : tag[...]
      if name.starts(with: Array("dict".utf8)) || name.starts(with: Array("array".utf8)) {
        if closing {
          depth -= 1
        } else if tag.last != slash {
          depth += 1
          if depth > limit { return false }
        }
      }
      index = end + 1
    }
    return true
  }

  /// Walks a binary property list's object table from the top object, without recursion.
  private static func binaryIsWithin(_ limit: Int, _ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 40 else { return true }
    let trailer = bytes.count - 32
    let offsetSize = Int(bytes[trailer + 6])
    let referenceSize = Int(bytes[trailer + 7])
    let objectCount = number(bytes, at: trailer + 8, size: 8)
    let top = number(bytes, at: trailer + 16, size: 8)
    let table = number(bytes, at: trailer + 24, size: 8)
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), objectCount > 0,
      objectCount < bytes.count, top < objectCount, table >= 0,
      table + objectCount * offsetSize <= trailer
    else { return true }
    func offset(of object: Int) -> Int {
      number(bytes, at: table + object * offsetSize, size: offsetSize)
    }
    var stack = [(object: top, depth: 0)]
    var visits = 0
    while let (object, depth) = stack.popLast() {
      visits += 1
      if visits > 1_000_000 { return false }
      let start = offset(of: object)
      guard start >= 0, start < trailer else { continue }
      let marker = bytes[start]
      let kind = marker >> 4
      guard kind == 0xA || kind == 0xC || kind == 0xD else { continue }
      if depth + 1 > limit { return false }
      var count = Int(marker & 0x0F)
      var first = start + 1
      if count == 0x0F {
        guard first < trailer, bytes[first] >> 4 == 0x1 else { continue }
        let size = 1 << Int(bytes[first] & 0x0F)
        guard size <= 8 else { continue }
        count = number(bytes, at: first + 1, size: size)
        first += 1 + size
      }
      let references = kind == 0xD ? count * 2 : count
      guard count >= 0, first + references * referenceSize <= trailer else { continue }
      for slot in 0..<references {
        let child = number(bytes, at: first + slot * referenceSize, size: referenceSize)
        if child >= 0 && child < objectCount { stack.append((child, depth + 1)) }
      }
    }
    return true
  }

  /// A big-endian unsigned number; -1 when it does not fit the bounds or an Int.
  private static func number(_ bytes: [UInt8], at start: Int, size: Int) -> Int {
    guard start >= 0, start + size <= bytes.count else { return -1 }
    var value: UInt64 = 0
    for byte in bytes[start..<(start + size)] { value = value << 8 | UInt64(byte) }
    return value > UInt64(Int.max) ? -1 : Int(value)
  }
}

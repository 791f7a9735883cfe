#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sorting many short strings by their UTF-8 bytes, fast: the first 8 bytes of each are packed
/// into an integer compared first, and only ties compare the whole bytes.
enum ByteOrder {
  /// The positions of `keys` in the order of their UTF-8 bytes, ties by position.
  static func sortedPositions(_ keys: [String]) -> [Int32] {
    var bytes: [UInt8] = []
    var offsets: [Int] = [0]
    offsets.reserveCapacity(keys.count + 1)
    for key in keys {
      bytes += key.utf8
      offsets.append(bytes.count)
    }
    var entries: [(prefix: UInt64, position: Int32)] = (0..<keys.count).map { position in
      var prefix: UInt64 = 0
      let start = offsets[position]
      for index in 0..<8 {
        let byte = start + index < offsets[position + 1] ? bytes[start + index] : 0
        prefix = prefix << 8 | UInt64(byte)
      }
      return (prefix, Int32(position))
    }
    bytes.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress
      entries.sort { left, right in
        if left.prefix != right.prefix { return left.prefix < right.prefix }
        let a = offsets[Int(left.position)]
        let b = offsets[Int(right.position)]
        let lengthA = offsets[Int(left.position) + 1] - a
        let lengthB = offsets[Int(right.position) + 1] - b
        if let base {
          let compared = memcmp(base + a, base + b, min(lengthA, lengthB))
          if compared != 0 { return compared < 0 }
        }
        return lengthA != lengthB ? lengthA < lengthB : left.position < right.position
      }
    }
    return entries.map(\.position)
  }
}

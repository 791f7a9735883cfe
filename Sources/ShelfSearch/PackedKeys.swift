import ShelfStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Many short keys (folded names, ids as text) in one buffer: key `n` is
/// `bytes[offsets[n]..<offsets[n + 1]]`. No string per key, so 1,000,000 of them cost their
/// bytes and an offset each.
public struct PackedKeys: Sendable {
  public private(set) var bytes: [UInt8] = []
  public private(set) var offsets: [UInt32] = [0]

  public init() {}

  public init(_ keys: some Sequence<String>) {
    for key in keys { append(key) }
  }

  public var count: Int { offsets.count - 1 }

  public mutating func reserveCapacity(keys: Int, bytes byteCount: Int) {
    offsets.reserveCapacity(keys + 1)
    bytes.reserveCapacity(byteCount)
  }

  public mutating func append(_ key: String) {
    bytes += key.utf8
    offsets.append(UInt32(bytes.count))
  }

  /// Appends a key of `count` bytes written by `write`.
  public mutating func appendKey(count: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: count))
    bytes.withUnsafeMutableBufferPointer { buffer in
      write(UnsafeMutableBufferPointer(rebasing: buffer[start..<start + count]))
    }
    offsets.append(UInt32(bytes.count))
  }

  public func range(_ number: Int) -> Range<Int> { Int(offsets[number])..<Int(offsets[number + 1]) }

  /// True when key `number` sorts before `target` by bytes.
  public func key(_ number: Int, precedes target: [UInt8]) -> Bool {
    bytes[range(number)].lexicographicallyPrecedes(target)
  }

  public func key(_ number: Int, startsWith prefix: [UInt8]) -> Bool {
    bytes[range(number)].starts(with: prefix)
  }

  /// The key numbers in the order of their bytes, ties by number. The first 8 bytes of each
  /// key are packed into an integer compared first; only ties compare the whole keys.
  public func sortedPositions() -> [Int32] {
    var entries: [(prefix: UInt64, position: Int32)] = (0..<count).map { position in
      var prefix: UInt64 = 0
      let keyRange = range(position)
      for index in 0..<8 {
        let at = keyRange.lowerBound + index
        prefix = prefix << 8 | UInt64(at < keyRange.upperBound ? bytes[at] : 0)
      }
      return (prefix, Int32(position))
    }
    bytes.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress
      entries.sort { left, right in
        if left.prefix != right.prefix { return left.prefix < right.prefix }
        let a = range(Int(left.position))
        let b = range(Int(right.position))
        if let base {
          let compared = memcmp(base + a.lowerBound, base + b.lowerBound, min(a.count, b.count))
          if compared != 0 { return compared < 0 }
        }
        return a.count != b.count ? a.count < b.count : left.position < right.position
      }
    }
    return entries.map(\.position)
  }
}

/// Keys packed as `PackedKeys` packs them, once built: key `n` is
/// `bytes[offsets[n]..<offsets[n + 1]]`.
public struct KeyColumn: Sendable {
  public let bytes: Column<UInt8>
  public let offsets: Column<UInt32>

  public init(_ keys: PackedKeys) {
    bytes = Column(keys.bytes)
    offsets = Column(keys.offsets)
  }

  public init(bytes: Column<UInt8>, offsets: Column<UInt32>) {
    self.bytes = bytes
    self.offsets = offsets
  }

  public var count: Int { max(offsets.count - 1, 0) }

  /// Calls `body` with the bytes of key `number`.
  public func withKey<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    let start = Int(offsets[number])
    let end = Int(offsets[number + 1])
    guard start <= end, end <= bytes.count else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    return bytes.withBuffer(start..<end, body)
  }

  /// True when key `number` sorts before `target` by bytes.
  public func key(_ number: Int, precedes target: [UInt8]) -> Bool {
    withKey(number) { $0.lexicographicallyPrecedes(target) }
  }

  public func key(_ number: Int, startsWith prefix: [UInt8]) -> Bool {
    withKey(number) { $0.starts(with: prefix) }
  }
}

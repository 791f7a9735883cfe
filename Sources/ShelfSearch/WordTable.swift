import ShelfStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The distinct words of an index: their folded UTF-8 bytes in one buffer, numbered in order of
/// first appearance, with an open-addressing hash table from bytes to number.
public struct WordTable: Sendable {
  public private(set) var bytes: [UInt8] = []
  /// Word `n` is `bytes[offsets[n]..<offsets[n + 1]]`.
  public private(set) var offsets: [Int32] = [0]
  public private(set) var slots: [Int32] = [Int32](repeating: -1, count: 1024)

  public var count: Int { offsets.count - 1 }

  public func word(_ number: Int) -> ArraySlice<UInt8> {
    bytes[Int(offsets[number])..<Int(offsets[number + 1])]
  }

  /// Calls `body` with the bytes of word `number`.
  public func withWord<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    bytes.withUnsafeBufferPointer { all in
      body(UnsafeBufferPointer(rebasing: all[Int(offsets[number])..<Int(offsets[number + 1])]))
    }
  }

  /// The number of `word`, or nil when the table does not hold it.
  public func number(of word: UnsafeBufferPointer<UInt8>) -> Int? {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: Self.hash(word)) & mask
    while true {
      let number = slots[slot]
      if number < 0 { return nil }
      if equals(Int(number), word) { return Int(number) }
      slot = (slot + 1) & mask
    }
  }

  /// The number of `word`, added when new.
  public mutating func insert(_ word: UnsafeBufferPointer<UInt8>) -> Int {
    if (count + 1) * 2 > slots.count { grow() }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: Self.hash(word)) & mask
    while true {
      let number = slots[slot]
      if number < 0 { break }
      if equals(Int(number), word) { return Int(number) }
      slot = (slot + 1) & mask
    }
    let number = count
    bytes.append(contentsOf: word)
    offsets.append(Int32(bytes.count))
    slots[slot] = Int32(number)
    return number
  }

  private func equals(_ number: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = Int(offsets[number])
    let end = Int(offsets[number + 1])
    guard end - start == word.count else { return false }
    return bytes.withUnsafeBufferPointer { stored in
      // Words are short: a loop beats a call to memcmp.
      for index in 0..<word.count where stored[start + index] != word[index] { return false }
      return true
    }
  }

  private mutating func grow() {
    var table = [Int32](repeating: -1, count: slots.count * 2)
    let mask = table.count - 1
    for number in 0..<count {
      let hash = word(number).withUnsafeBufferPointer(Self.hash)
      var slot = Int(truncatingIfNeeded: hash) & mask
      while table[slot] >= 0 { slot = (slot + 1) & mask }
      table[slot] = Int32(number)
    }
    slots = table
  }

  /// A multiply-and-mix hash over eight bytes at a time: the same bytes always hash alike, in
  /// every process (the table is kept in the index file).
  public static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(word.count)
    var index = 0
    let raw = UnsafeRawBufferPointer(word)
    while index + 8 <= raw.count {
      hash =
        (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
      hash ^= hash >> 29
      index += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while index < raw.count {
      tail |= UInt64(raw[index]) << shift
      shift += 8
      index += 1
    }
    hash = (hash ^ tail) &* 0x9E37_79B9_7F4A_7C15
    return hash ^ (hash >> 32)
  }
}

/// A `WordTable` once built, as the index reads it (in memory or in the index file): the
/// words' bytes, where each starts, and the hash table's slots.
public struct WordColumns: Sendable {
  public let bytes: Column<UInt8>
  public let offsets: Column<Int32>
  public let slots: Column<Int32>

  public init(_ table: WordTable) {
    bytes = Column(table.bytes)
    offsets = Column(table.offsets)
    slots = Column(table.slots)
  }

  /// Columns read from the index file; nil when they do not fit together.
  public init?(bytes: Column<UInt8>, offsets: Column<Int32>, slots: Column<Int32>) {
    guard offsets.count >= 1, slots.count > 0, slots.count & (slots.count - 1) == 0 else {
      return nil
    }
    self.bytes = bytes
    self.offsets = offsets
    self.slots = slots
  }

  public var count: Int { offsets.count - 1 }

  /// The number of `word`, or nil when the table does not hold it.
  public func number(of word: UnsafeBufferPointer<UInt8>) -> Int? {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: WordTable.hash(word)) & mask
    for _ in 0..<slots.count {
      let number = Int(slots[slot])
      if number < 0 || number >= count { return nil }
      let matches = withWord(number) { $0.elementsEqual(word) }
      if matches { return number }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Calls `body` with the bytes of word `number`.
  public func withWord<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    let start = Int(offsets[number])
    let end = Int(offsets[number + 1])
    guard 0 <= start, start <= end, end <= bytes.count else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    return bytes.withBuffer(start..<end, body)
  }
}

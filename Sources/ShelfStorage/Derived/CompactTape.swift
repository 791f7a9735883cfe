/// Values written one after another as two sections of a `DerivedFile`, numbers and text, and
/// read back in the same order (`CompactTapeReader`): how a copy of a user's document is kept
/// in the cache directory (the watched marks, the favourites), read without a general decoder.
/// A document writes its values in an order and reads them back in the same order, as a
/// Codable type would; an absent value is written as a marker, a string as its length in the
/// numbers and its bytes in the text.
public struct CompactTape {
  public private(set) var numbers: [Int64] = []
  public private(set) var text: [UInt8] = []

  public init() {}

  /// The numbers' bytes and the text, the two sections a reader is made from.
  public var sections: [[UInt8]] {
    [DerivedFile.section(numbers), text]
  }

  public mutating func put(_ value: Int) {
    numbers.append(Int64(value))
  }

  public mutating func put(_ value: Int?) {
    putPresence(value != nil)
    if let value { put(value) }
  }

  public mutating func put(_ value: Double?) {
    putPresence(value != nil)
    if let value { numbers.append(Int64(bitPattern: value.bitPattern)) }
  }

  public mutating func put(_ value: String) {
    numbers.append(Int64(value.utf8.count))
    text += value.utf8
  }

  public mutating func put(_ value: String?) {
    putPresence(value != nil)
    if let value { put(value) }
  }

  public mutating func put(_ values: [String]?) {
    putPresence(values != nil)
    guard let values else { return }
    put(values.count)
    for value in values { put(value) }
  }

  /// An optional value of several fields: whether it is there, then what `body` writes of it.
  public mutating func put<Value>(_ value: Value?, _ body: (inout CompactTape, Value) -> Void) {
    putPresence(value != nil)
    if let value { body(&self, value) }
  }

  private mutating func putPresence(_ present: Bool) {
    numbers.append(present ? 1 : 0)
  }
}

/// Reads what a `CompactTape` wrote, in the same order; every read throws
/// `CompactTapeReader.Damaged` when the sections do not hold what is asked for.
public struct CompactTapeReader {
  public struct Damaged: Error {
    @inlinable public init() {}
  }

  // Inlinable, as its callers read 100,000 values in a row (20,000 watched marks).
  @usableFromInline let numbers: [Int64]
  @usableFromInline let text: [UInt8]
  @usableFromInline var nextNumber = 0
  @usableFromInline var nextText = 0

  public init(numbers: [Int64], text: [UInt8]) {
    self.numbers = numbers
    self.text = text
  }

  /// Whether everything written was read.
  @inlinable public var isAtEnd: Bool { nextNumber == numbers.count && nextText == text.count }

  @inlinable public mutating func int() throws -> Int {
    guard nextNumber < numbers.count, let value = Int(exactly: numbers[nextNumber]) else {
      throw Damaged()
    }
    nextNumber += 1
    return value
  }

  /// A count of values that follow: never negative, never more than there are numbers left.
  @inlinable public mutating func count() throws -> Int {
    let count = try int()
    guard count >= 0, count <= numbers.count - nextNumber else { throw Damaged() }
    return count
  }

  @inlinable public mutating func optionalInt() throws -> Int? {
    try present() ? try int() : nil
  }

  @inlinable public mutating func optionalDouble() throws -> Double? {
    try present() ? Double(bitPattern: UInt64(bitPattern: Int64(try int()))) : nil
  }

  @inlinable public mutating func string() throws -> String {
    let length = try int()
    guard length >= 0, length <= text.count - nextText else { throw Damaged() }
    defer { nextText += length }
    return String(decoding: text[nextText..<nextText + length], as: UTF8.self)
  }

  @inlinable public mutating func optionalString() throws -> String? {
    try present() ? try string() : nil
  }

  @inlinable public mutating func optionalStrings() throws -> [String]? {
    guard try present() else { return nil }
    return try (0..<count()).map { _ in try string() }
  }

  /// An optional value of several fields, read by `body` when it is there.
  @inlinable public mutating func optional<Value>(_ body: (inout CompactTapeReader) throws -> Value)
    throws
    -> Value?
  {
    try present() ? try body(&self) : nil
  }

  @inlinable mutating func present() throws -> Bool {
    switch try int() {
    case 0: false
    case 1: true
    default: throw Damaged()
    }
  }
}

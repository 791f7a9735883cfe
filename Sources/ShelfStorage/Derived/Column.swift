/// A read-only run of fixed-size values that an index is made of: either built in this process
/// (its own memory) or a section of an index file mapped from the cache, whose bytes are
/// checked against the file's checksums the first time each block is read. The indexes read
/// them alike, so a catalog answers the same from either.
public struct Column<Element: BitwiseCopyable>: @unchecked Sendable {
  let buffer: UnsafeBufferPointer<Element>
  /// What keeps the memory alive: the array or the `SectionedFile`.
  private let owner: AnyObject
  /// The mapped file and where this column starts in it; nil for memory of this process.
  private let file: SectionedFile?
  private let fileOffset: Int

  /// A column holding `values`, which it keeps (an array is never changed once it is a
  /// column, so its storage stays where it is).
  public init(_ values: [Element]) {
    let owner = ArrayOwner(values)
    buffer = owner.buffer
    self.owner = owner
    file = nil
    fileOffset = 0
  }

  private init(
    buffer: UnsafeBufferPointer<Element>, owner: AnyObject, file: SectionedFile?, fileOffset: Int
  ) {
    self.buffer = buffer
    self.owner = owner
    self.file = file
    self.fileOffset = fileOffset
  }

  /// Values `range` as a column of their own, kept by the same owner.
  public func slice(_ range: Range<Int>) -> Column {
    Column(
      buffer: UnsafeBufferPointer(rebasing: buffer[range]), owner: owner, file: file,
      fileOffset: fileOffset + range.lowerBound * MemoryLayout<Element>.stride)
  }

  /// Section `bytes` of `file` (in file offsets), already bounds-checked and aligned.
  init(file: SectionedFile, bytes: Range<Int>, count: Int) {
    let start = file.base.advanced(by: bytes.lowerBound)
    buffer = UnsafeBufferPointer(
      start: start.assumingMemoryBound(to: Element.self), count: count)
    owner = file
    self.file = file
    fileOffset = bytes.lowerBound
  }

  /// True for a section of a mapped index file.
  public var isMapped: Bool { file != nil }
  public var count: Int { buffer.count }
  public var isEmpty: Bool { buffer.isEmpty }
  public var indices: Range<Int> { 0..<buffer.count }

  /// Value `index` (checked against the file's checksum first when mapped).
  public subscript(index: Int) -> Element {
    if let file { file.ensure(bytes(index..<index + 1)) }
    return buffer[index]
  }

  /// Calls `body` with values `range` (all of them when nil), checked first when mapped.
  public func withBuffer<Result>(
    _ range: Range<Int>? = nil, _ body: (UnsafeBufferPointer<Element>) throws -> Result
  ) rethrows -> Result {
    let range = range ?? 0..<buffer.count
    if let file, !range.isEmpty { file.ensure(bytes(range)) }
    return try body(UnsafeBufferPointer(rebasing: buffer[range]))
  }

  /// Every value, checked first when mapped: valid while the column (or what keeps its
  /// memory) lives. For reading a whole column in a loop without a check per value.
  public func checkedBuffer() -> UnsafeBufferPointer<Element> {
    withBuffer { $0 }
  }

  /// The values as an array (for building and tests).
  public var array: [Element] { withBuffer { Array($0) } }

  private func bytes(_ range: Range<Int>) -> Range<Int> {
    let stride = MemoryLayout<Element>.stride
    return fileOffset + range.lowerBound * stride..<fileOffset + range.upperBound * stride
  }
}

extension Column {
  /// An empty column.
  public init() { self.init([Element]()) }
}

/// An array kept for the columns reading it.
private final class ArrayOwner<Element>: @unchecked Sendable {
  let array: [Element]
  let buffer: UnsafeBufferPointer<Element>

  init(_ array: [Element]) {
    self.array = array
    buffer = self.array.withUnsafeBufferPointer { $0 }
  }
}

extension Column {
  /// The values' bytes, for writing an index file (a column built in this process).
  public var rawBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(buffer) }
}

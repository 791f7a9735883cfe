import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An index file mapped into memory. Opening checks the header, the tables and their checksum
/// (a few kilobytes), never the sections: a block of a section is checked against its
/// checksum the first time anything in it is read (`ensure`), so a command reads only the
/// blocks it needs and a catalog of 1,000,000 toys opens in the time of a small file. A block
/// that fails its checksum is not used: `repair` makes the whole image again from the catalog
/// and writes it over the mapping (a private copy), and the read goes on from correct bytes.
final class IndexFile: @unchecked Sendable {
  let base: UnsafeMutableRawPointer
  let layout: IndexLayout
  let identity: SourceIdentity
  /// Makes the image again into the buffer given (the mapping); false when it cannot.
  var repair: (@Sendable (UnsafeMutableRawBufferPointer) -> Bool)?
  private let lock = NSLock()
  private var checked: [UInt64]
  /// Set once every block has been checked or written again.
  private var allChecked = false

  private init(base: UnsafeMutableRawPointer, layout: IndexLayout, identity: SourceIdentity) {
    self.base = base
    self.layout = layout
    self.identity = identity
    checked = [UInt64](repeating: 0, count: (layout.blockCount + 63) / 64)
  }

  deinit { munmap(base, layout.fileLength) }

  /// The index file at `path`, or nil when there is none or it is not one this version wrote
  /// whole (short, another version, a header or table that fails its checksum).
  static func open(path: String) -> IndexFile? {
    let descriptor = openForReading(path)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_size >= IndexLayout.fixedHeaderSize
    else { return nil }
    let size = Int(status.st_size)
    guard
      let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, descriptor, 0),
      mapped != MAP_FAILED
    else { return nil }
    guard let (layout, identity) = readTables(UnsafeRawBufferPointer(start: mapped, count: size))
    else {
      munmap(mapped, size)
      return nil
    }
    return IndexFile(base: mapped, layout: layout, identity: identity)
  }

  private static func openForReading(_ path: String) -> Int32 {
    #if canImport(Glibc)
      return Glibc.open(path, O_RDONLY | O_CLOEXEC)
    #else
      return Darwin.open(path, O_RDONLY | O_CLOEXEC)
    #endif
  }

  private static func readTables(_ file: UnsafeRawBufferPointer) -> (IndexLayout, SourceIdentity)? {
    guard file.starts(with: IndexLayout.magic),
      file.load(fromByteOffset: 8, as: UInt32.self) == IndexLayout.formatVersion,
      file.load(fromByteOffset: 12, as: UInt32.self) == UInt32(IndexLayout.blockSize),
      file.load(fromByteOffset: 20, as: UInt32.self) == IndexLayout.byteOrderMark,
      file.load(fromByteOffset: 24, as: UInt64.self) == UInt64(file.count)
    else { return nil }
    let sectionCount = Int(file.load(fromByteOffset: 16, as: UInt32.self))
    guard IndexLayout.fixedHeaderSize + sectionCount * 16 <= file.count else { return nil }
    var lengths: [Int] = []
    var offsets: [Int] = []
    for number in 0..<sectionCount {
      let at = IndexLayout.fixedHeaderSize + number * 16
      let offset = file.load(fromByteOffset: at, as: UInt64.self)
      let length = file.load(fromByteOffset: at + 8, as: UInt64.self)
      guard offset <= UInt64(file.count), length <= UInt64(file.count) else { return nil }
      offsets.append(Int(offset))
      lengths.append(Int(length))
    }
    let layout = IndexLayout(sectionLengths: lengths)
    guard layout.sectionOffsets == offsets, layout.fileLength == file.count else { return nil }
    let tables = UnsafeRawBufferPointer(rebasing: file[0..<layout.tablesEnd])
    guard
      IndexImage.tablesChecksum(tables)
        == file.load(fromByteOffset: IndexLayout.checksumOffset, as: UInt64.self)
    else { return nil }
    let identity = SourceIdentity(
      fields: (0..<SourceIdentity.fieldCount).map {
        file.load(fromByteOffset: 32 + $0 * 8, as: Int64.self)
      })
    return (layout, identity)
  }

  /// The bytes of section `number`.
  func section(_ number: Int) -> Range<Int> { layout.section(number) }

  /// A section as a column of values; nil when its length is not a whole number of them.
  func column<Element: BitwiseCopyable>(_ number: Int, of type: Element.Type = Element.self)
    -> Column<Element>?
  {
    guard number < layout.sectionLengths.count else { return nil }
    let bytes = section(number)
    let stride = MemoryLayout<Element>.stride
    guard bytes.count % stride == 0 else { return nil }
    return Column(file: self, bytes: bytes, count: bytes.count / stride)
  }

  /// Checks every block holding a byte of `range` (file offsets) that is not checked yet.
  func ensure(_ range: Range<Int>) {
    lock.lock()
    defer { lock.unlock() }
    if allChecked { return }
    let first = (range.lowerBound - layout.payloadStart) / IndexLayout.blockSize
    let last = (range.upperBound - 1 - layout.payloadStart) / IndexLayout.blockSize
    for block in first...last where checked[block >> 6] & (1 << UInt64(block & 63)) == 0 {
      let start = layout.payloadStart + block * IndexLayout.blockSize
      let bytes = UnsafeRawBufferPointer(start: base + start, count: IndexLayout.blockSize)
      let expected = UnsafeRawPointer(base).loadUnaligned(
        fromByteOffset: layout.blockTableOffset + block * 8, as: UInt64.self)
      if IndexChecksum.of(bytes) == expected {
        checked[block >> 6] |= 1 << UInt64(block & 63)
      } else {
        rebuild()
        return
      }
    }
  }

  /// Writes the whole image again over the mapping; from then on every block is trusted.
  private func rebuild() {
    let whole = UnsafeMutableRawBufferPointer(start: base, count: layout.fileLength)
    _ = repair?(whole)
    allChecked = true
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An index file, read block by block as it is used. Opening reads and checks the header,
/// the tables and their checksum (a few kilobytes), never the sections: the file has memory of
/// its size reserved for it (pages of zeros, taken only when written), and a block of a section
/// is read into its place and checked against its checksum the first time anything in it is
/// needed (`ensure`). A command thus reads and holds only the blocks it uses, and a catalog of
/// 1,000,000 toys opens in the time of a small file. (Mapping the file itself would map the
/// page cache's large folios whole, megabytes at a time, and a file cut short under the
/// mapping would end the process.) A block that fails its checksum, or cannot be read whole,
/// is never used: `repair` makes the whole image again from the catalog into that memory, and
/// the read goes on from correct bytes.
final class SectionedFile: @unchecked Sendable {
  let base: UnsafeMutableRawPointer
  let layout: SectionedLayout
  let identity: SourceIdentity
  /// Makes the image again into the buffer given (the file's memory); false when it cannot.
  var repair: (@Sendable (UnsafeMutableRawBufferPointer) -> Bool)?
  private let descriptor: Int32
  private let lock = NSLock()
  private var checked: [UInt64]
  /// Set once every block has been checked or written again.
  private var allChecked = false
  /// Set when a block failed its check and `repair` could not make the image again: the
  /// memory holds bytes that must not be used.
  private(set) var isDamaged = false

  private init(
    base: UnsafeMutableRawPointer, descriptor: Int32, layout: SectionedLayout,
    identity: SourceIdentity
  ) {
    self.base = base
    self.descriptor = descriptor
    self.layout = layout
    self.identity = identity
    checked = [UInt64](repeating: 0, count: (layout.blockCount + 63) / 64)
  }

  deinit {
    munmap(base, layout.fileLength)
    close(descriptor)
  }

  /// The index file at `path`, or nil when there is none or it is not one this version wrote
  /// whole (short, another version, a header or table that fails its checksum).
  static func open(path: String) -> SectionedFile? {
    let descriptor = openForReading(path)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_size >= SectionedLayout.payloadStart,
      let memory = mmap(
        nil, Int(status.st_size), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      memory != MAP_FAILED
    else {
      close(descriptor)
      return nil
    }
    let size = Int(status.st_size)
    let file = UnsafeMutableRawBufferPointer(start: memory, count: size)
    guard let tables = readTables(into: file, from: descriptor) else {
      munmap(memory, size)
      close(descriptor)
      return nil
    }
    return SectionedFile(base: memory, descriptor: descriptor, layout: tables.0, identity: tables.1)
  }

  /// Reads `count` bytes at `offset` of the file into the same place of `memory`; false when
  /// the file has fewer.
  private static func read(
    _ descriptor: Int32, into memory: UnsafeMutableRawPointer, offset: Int, count: Int
  ) -> Bool {
    read(descriptor, to: memory + offset, from: offset, count: count)
  }

  /// Reads `count` bytes at `offset` of the file to `destination`; false when the file has
  /// fewer.
  private static func read(
    _ descriptor: Int32, to destination: UnsafeMutableRawPointer, from offset: Int, count: Int
  ) -> Bool {
    var done = 0
    while done < count {
      let got = pread(descriptor, destination + done, count - done, off_t(offset + done))
      if got < 0 && errno == EINTR { continue }
      if got <= 0 { return false }
      done += got
    }
    return true
  }

  private static func openForReading(_ path: String) -> Int32 {
    #if canImport(Glibc)
      return Glibc.open(path, O_RDONLY | O_CLOEXEC)
    #else
      return Darwin.open(path, O_RDONLY | O_CLOEXEC)
    #endif
  }

  /// Reads the header and tables of the file at `descriptor` into `memory` (as large as the
  /// file, each at its own place) and checks them.
  private static func readTables(
    into memory: UnsafeMutableRawBufferPointer, from descriptor: Int32
  ) -> (SectionedLayout, SourceIdentity)? {
    guard let base = memory.baseAddress, memory.count >= SectionedLayout.payloadStart,
      read(descriptor, into: base, offset: 0, count: SectionedLayout.headerSize)
    else { return nil }
    let file = UnsafeRawBufferPointer(memory)
    guard file.starts(with: SectionedLayout.magic),
      file.load(fromByteOffset: 8, as: UInt32.self) == SectionedLayout.formatVersion,
      file.load(fromByteOffset: 12, as: UInt32.self) == UInt32(SectionedLayout.blockSize),
      file.load(fromByteOffset: 20, as: UInt32.self) == SectionedLayout.byteOrderMark,
      file.load(fromByteOffset: 24, as: UInt64.self) == UInt64(file.count)
    else { return nil }
    let sectionCount = Int(file.load(fromByteOffset: 16, as: UInt32.self))
    let tablesField = file.load(
      fromByteOffset: SectionedLayout.tablesOffsetField, as: UInt64.self)
    guard tablesField >= UInt64(SectionedLayout.payloadStart), tablesField <= UInt64(file.count)
    else { return nil }
    let tablesOffset = Int(tablesField)
    guard sectionCount <= (file.count - tablesOffset) / 16,
      read(descriptor, into: base, offset: tablesOffset, count: file.count - tablesOffset)
    else { return nil }
    var lengths: [Int] = []
    var offsets: [Int] = []
    for number in 0..<sectionCount {
      let at = tablesOffset + number * 16
      let offset = file.load(fromByteOffset: at, as: UInt64.self)
      let length = file.load(fromByteOffset: at + 8, as: UInt64.self)
      guard offset <= UInt64(file.count), length <= UInt64(file.count) else { return nil }
      offsets.append(Int(offset))
      lengths.append(Int(length))
    }
    let layout = SectionedLayout(sectionLengths: lengths)
    guard layout.sectionOffsets == offsets, layout.fileLength == file.count,
      layout.tablesOffset == tablesOffset
    else { return nil }
    let header = UnsafeRawBufferPointer(rebasing: file[0..<SectionedLayout.headerSize])
    let tables = UnsafeRawBufferPointer(rebasing: file[tablesOffset...])
    guard
      SectionedImage.tablesChecksum(header: header, tables: tables)
        == file.load(fromByteOffset: SectionedLayout.checksumOffset, as: UInt64.self)
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
    let first = (range.lowerBound - layout.payloadStart) / SectionedLayout.blockSize
    let last = (range.upperBound - 1 - layout.payloadStart) / SectionedLayout.blockSize
    var block = first
    while block <= last {
      guard !isChecked(block) else {
        block += 1
        continue
      }
      // A run of blocks not read yet is read at once, then each is checked.
      var end = block + 1
      while end <= last && !isChecked(end) { end += 1 }
      let start = layout.payloadStart + block * SectionedLayout.blockSize
      guard
        Self.read(
          descriptor, into: base, offset: start, count: (end - block) * SectionedLayout.blockSize)
      else { return rebuild() }
      for number in block..<end {
        let bytes = UnsafeRawBufferPointer(
          start: base + layout.payloadStart + number * SectionedLayout.blockSize,
          count: SectionedLayout.blockSize)
        let expected = UnsafeRawPointer(base).loadUnaligned(
          fromByteOffset: layout.blockTableOffset + number * 8, as: UInt64.self)
        guard BlockChecksum.of(bytes) == expected else { return rebuild() }
        checked[number >> 6] |= 1 << UInt64(number & 63)
      }
      block = end
    }
  }

  /// Reads the blocks of section `number` to `destination` (as long as they are, a whole
  /// number of blocks) and checks each against its checksum, without going through the
  /// file's memory: for a section read once, whole, into memory of its own. False when a
  /// block cannot be read or fails its check.
  func copySection(_ number: Int, to destination: UnsafeMutableRawBufferPointer) -> Bool {
    let start = layout.sectionOffsets[number]
    let blocks = SectionedLayout.blocks(layout.sectionLengths[number])
    guard let target = destination.baseAddress,
      destination.count >= blocks * SectionedLayout.blockSize,
      Self.read(descriptor, to: target, from: start, count: blocks * SectionedLayout.blockSize)
    else { return false }
    let first = (start - layout.payloadStart) / SectionedLayout.blockSize
    for index in 0..<blocks {
      let bytes = UnsafeRawBufferPointer(
        start: target + index * SectionedLayout.blockSize, count: SectionedLayout.blockSize)
      let expected = UnsafeRawPointer(base).loadUnaligned(
        fromByteOffset: layout.blockTableOffset + (first + index) * 8, as: UInt64.self)
      guard BlockChecksum.of(bytes) == expected else { return false }
    }
    return true
  }

  private func isChecked(_ block: Int) -> Bool {
    checked[block >> 6] & (1 << UInt64(block & 63)) != 0
  }

  /// Writes the whole image again into the file's memory; from then on every block is trusted.
  private func rebuild() {
    let whole = UnsafeMutableRawBufferPointer(start: base, count: layout.fileLength)
    if repair?(whole) != true { isDamaged = true }
    allChecked = true
  }
}

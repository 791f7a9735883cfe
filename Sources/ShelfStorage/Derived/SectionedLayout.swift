/// Where everything is in a derived file (`DerivedFile`). The file is a header, a table of sections and a
/// table of block checksums, then the sections, each starting on a block boundary and padded
/// with zeros to one, so that no block holds two sections:
///
///     0    "SHELFIDX", format version, block size, section count, byte-order mark
///     24   file length
///     32   the source's identity (device, inode, size, modification and change times)
///     88   checksum of the header and both tables (this field counted as zero)
///     128  sections: (offset, length in bytes) each
///     …    blocks: one checksum each, over the block's bytes
///     …    the sections
///
/// The same sections always make the same bytes, so a damaged block can be made again.
struct SectionedLayout: Equatable {
  static let magic: [UInt8] = Array("SHELFIDX".utf8)
  /// Changed whenever the container changes (3: every file's first section names its kind):
  /// a file of another version is made again.
  static let formatVersion: UInt32 = 3
  /// Small, so that reading one value (a toy's field) reads little more than that.
  static let blockSize = 4096
  static let byteOrderMark: UInt32 = 0x0102_0304
  static let fixedHeaderSize = 128
  static let checksumOffset = 88

  let sectionLengths: [Int]
  let sectionOffsets: [Int]
  let payloadStart: Int
  let fileLength: Int

  init(sectionLengths: [Int]) {
    self.sectionLengths = sectionLengths
    var blocks = 0
    for length in sectionLengths { blocks += Self.blocks(length) }
    let tables = Self.fixedHeaderSize + sectionLengths.count * 16 + blocks * 8
    payloadStart = Self.roundUp(tables)
    var offset = payloadStart
    var offsets: [Int] = []
    for length in sectionLengths {
      offsets.append(offset)
      offset += Self.blocks(length) * Self.blockSize
    }
    sectionOffsets = offsets
    fileLength = offset
  }

  var blockCount: Int { (fileLength - payloadStart) / Self.blockSize }
  var blockTableOffset: Int { Self.fixedHeaderSize + sectionLengths.count * 16 }
  /// The header and both tables: what the header checksum covers.
  var tablesEnd: Int { blockTableOffset + blockCount * 8 }

  func section(_ number: Int) -> Range<Int> {
    sectionOffsets[number]..<sectionOffsets[number] + sectionLengths[number]
  }

  /// Blocks a section of `length` bytes takes (at least one, so every section has a place).
  static func blocks(_ length: Int) -> Int { max(1, (length + blockSize - 1) / blockSize) }

  static func roundUp(_ offset: Int) -> Int { (offset + blockSize - 1) / blockSize * blockSize }
}

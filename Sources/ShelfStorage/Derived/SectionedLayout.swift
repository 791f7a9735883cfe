/// Where everything is in a derived file (`DerivedFile`). The file is a header, the sections,
/// each starting on a block boundary and padded with zeros to one (so that no block holds two
/// sections), then the tables of sections and of block checksums. The tables come last so
/// that a file is written section by section as each is made (`SectionedWriter`):
///
///     0      "SHELFIDX", format version, block size, section count, byte-order mark
///     24     file length
///     32     the source's identity (device, inode, size, modification and change times)
///     88     checksum of the header and both tables (this field counted as zero)
///     96     where the tables start
///     4096   the sections
///     …      sections: (offset, length in bytes) each
///     …      blocks: one checksum each, over the block's bytes
///
/// The same sections always make the same bytes, so a damaged block can be made again.
struct SectionedLayout: Equatable {
  static let magic: [UInt8] = Array("SHELFIDX".utf8)
  /// Changed whenever the container changes (3: a first section names the kind; 4: the tables
  /// at the end): a file of another version is made again.
  static let formatVersion: UInt32 = 4
  /// Small, so that reading one value (a toy's field) reads little more than that.
  static let blockSize = 4096
  static let byteOrderMark: UInt32 = 0x0102_0304
  static let headerSize = 128
  static let checksumOffset = 88
  static let tablesOffsetField = 96

  let sectionLengths: [Int]
  let sectionOffsets: [Int]
  /// Where the tables start: the end of the last section's last block.
  let tablesOffset: Int
  let fileLength: Int

  init(sectionLengths: [Int]) {
    self.sectionLengths = sectionLengths
    var offset = Self.payloadStart
    var offsets: [Int] = []
    for length in sectionLengths {
      offsets.append(offset)
      offset += Self.blocks(length) * Self.blockSize
    }
    sectionOffsets = offsets
    tablesOffset = offset
    fileLength =
      offset + sectionLengths.count * 16 + (offset - Self.payloadStart) / Self.blockSize * 8
  }

  /// Where the sections start: the first block after the header.
  static let payloadStart = blockSize
  var payloadStart: Int { Self.payloadStart }
  var blockCount: Int { (tablesOffset - payloadStart) / Self.blockSize }
  var blockTableOffset: Int { tablesOffset + sectionLengths.count * 16 }

  func section(_ number: Int) -> Range<Int> {
    sectionOffsets[number]..<sectionOffsets[number] + sectionLengths[number]
  }

  /// Blocks a section of `length` bytes takes (at least one, so every section has a place).
  static func blocks(_ length: Int) -> Int { max(1, (length + blockSize - 1) / blockSize) }
}

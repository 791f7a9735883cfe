import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of a derived file that are not its sections (laid out by `SectionedLayout`): the
/// header and the tables, made from the sections' lengths and block checksums. The writer
/// (`SectionedWriter`) writes them after the sections; a whole image is also made in memory
/// over a read file whose block turned out damaged (`fill`).
struct SectionedImage {
  let layout: SectionedLayout
  let identity: SourceIdentity
  /// One checksum per block of the sections, in order.
  let blockChecksums: [UInt64]

  /// The image of `sections`.
  init(sections: [UnsafeRawBufferPointer], identity: SourceIdentity) {
    self.init(
      layout: SectionedLayout(sectionLengths: sections.map(\.count)), identity: identity,
      blockChecksums: sections.flatMap(Self.blockChecksums))
  }

  init(layout: SectionedLayout, identity: SourceIdentity, blockChecksums: [UInt64]) {
    self.layout = layout
    self.identity = identity
    self.blockChecksums = blockChecksums
  }

  /// The header (`headerSize` bytes, its checksum stamped) and the tables.
  func headerAndTables() -> (header: [UInt8], tables: [UInt8]) {
    var tables = [UInt8](repeating: 0, count: layout.fileLength - layout.tablesOffset)
    tables.withUnsafeMutableBytes { raw in
      for number in layout.sectionLengths.indices {
        raw.storeBytes(
          of: UInt64(layout.sectionOffsets[number]), toByteOffset: number * 16, as: UInt64.self)
        raw.storeBytes(
          of: UInt64(layout.sectionLengths[number]), toByteOffset: number * 16 + 8, as: UInt64.self
        )
      }
      let checksums = layout.blockTableOffset - layout.tablesOffset
      for (block, sum) in blockChecksums.enumerated() {
        raw.storeBytes(of: sum, toByteOffset: checksums + block * 8, as: UInt64.self)
      }
    }
    var header = [UInt8](repeating: 0, count: SectionedLayout.headerSize)
    header.withUnsafeMutableBytes { raw in
      raw.copyBytes(from: SectionedLayout.magic)
      raw.storeBytes(of: SectionedLayout.formatVersion, toByteOffset: 8, as: UInt32.self)
      raw.storeBytes(of: UInt32(SectionedLayout.blockSize), toByteOffset: 12, as: UInt32.self)
      raw.storeBytes(of: UInt32(layout.sectionLengths.count), toByteOffset: 16, as: UInt32.self)
      raw.storeBytes(of: SectionedLayout.byteOrderMark, toByteOffset: 20, as: UInt32.self)
      raw.storeBytes(of: UInt64(layout.fileLength), toByteOffset: 24, as: UInt64.self)
      for (index, field) in identity.fields.enumerated() {
        raw.storeBytes(of: field, toByteOffset: 32 + index * 8, as: Int64.self)
      }
      raw.storeBytes(
        of: UInt64(layout.tablesOffset), toByteOffset: SectionedLayout.tablesOffsetField,
        as: UInt64.self)
      let sum = tables.withUnsafeBytes {
        Self.tablesChecksum(header: UnsafeRawBufferPointer(raw), tables: $0)
      }
      raw.storeBytes(of: sum, toByteOffset: SectionedLayout.checksumOffset, as: UInt64.self)
    }
    return (header, tables)
  }

  /// The checksum of a file's header and tables, the header's own field counted as zero.
  static func tablesChecksum(header: UnsafeRawBufferPointer, tables: UnsafeRawBufferPointer)
    -> UInt64
  {
    let before = BlockChecksum.of(
      UnsafeRawBufferPointer(rebasing: header[0..<SectionedLayout.checksumOffset]))
    let after = BlockChecksum.of(
      UnsafeRawBufferPointer(
        rebasing: header[(SectionedLayout.checksumOffset + 8)..<SectionedLayout.headerSize]),
      seed: before)
    return BlockChecksum.of(tables, seed: after)
  }

  /// The checksum of each block of `section`, the last padded with zeros.
  static func blockChecksums(_ section: UnsafeRawBufferPointer) -> [UInt64] {
    let scratch = UnsafeMutableRawBufferPointer.allocate(
      byteCount: SectionedLayout.blockSize, alignment: 16)
    defer { scratch.deallocate() }
    return (0..<SectionedLayout.blocks(section.count)).map { index in
      BlockChecksum.of(block(index, of: section, scratch: scratch))
    }
  }

  /// Block `index` of `section`, padded with zeros to a whole block in `scratch` when it is
  /// the section's last and short.
  static func block(
    _ index: Int, of section: UnsafeRawBufferPointer, scratch: UnsafeMutableRawBufferPointer
  ) -> UnsafeRawBufferPointer {
    let start = index * SectionedLayout.blockSize
    let end = start + SectionedLayout.blockSize
    if end <= section.count { return UnsafeRawBufferPointer(rebasing: section[start..<end]) }
    scratch.initializeMemory(as: UInt8.self, repeating: 0)
    if start < section.count {
      UnsafeMutableRawBufferPointer(rebasing: scratch[0..<section.count - start]).copyMemory(
        from: UnsafeRawBufferPointer(rebasing: section[start...]))
    }
    return UnsafeRawBufferPointer(scratch)
  }

  /// Writes the whole file of `sections` (those this image was made of) into `destination`
  /// (`layout.fileLength` bytes).
  func fill(_ destination: UnsafeMutableRawBufferPointer, sections: [UnsafeRawBufferPointer]) {
    destination.initializeMemory(as: UInt8.self, repeating: 0)
    let (header, tables) = headerAndTables()
    header.withUnsafeBytes { destination.copyMemory(from: $0) }
    for (number, section) in sections.enumerated() where section.count > 0 {
      let start = layout.sectionOffsets[number]
      UnsafeMutableRawBufferPointer(rebasing: destination[start..<start + section.count])
        .copyMemory(from: section)
    }
    tables.withUnsafeBytes {
      UnsafeMutableRawBufferPointer(rebasing: destination[layout.tablesOffset...])
        .copyMemory(from: $0)
    }
  }
}

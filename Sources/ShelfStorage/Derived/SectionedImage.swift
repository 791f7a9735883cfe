import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of an index file, made from its sections (laid out by `SectionedLayout`): written to
/// a new file, or over a mapped copy whose block turned out damaged.
struct SectionedImage {
  let sections: [UnsafeRawBufferPointer]
  let identity: SourceIdentity
  let layout: SectionedLayout

  init(sections: [UnsafeRawBufferPointer], identity: SourceIdentity) {
    self.sections = sections
    self.identity = identity
    layout = SectionedLayout(sectionLengths: sections.map(\.count))
  }

  /// The header and both tables, checksum included (`layout.tablesEnd` bytes).
  func tables() -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: layout.tablesEnd)
    bytes.withUnsafeMutableBytes { raw in
      raw.copyBytes(from: SectionedLayout.magic)
      raw.storeBytes(of: SectionedLayout.formatVersion, toByteOffset: 8, as: UInt32.self)
      raw.storeBytes(of: UInt32(SectionedLayout.blockSize), toByteOffset: 12, as: UInt32.self)
      raw.storeBytes(of: UInt32(sections.count), toByteOffset: 16, as: UInt32.self)
      raw.storeBytes(of: SectionedLayout.byteOrderMark, toByteOffset: 20, as: UInt32.self)
      raw.storeBytes(of: UInt64(layout.fileLength), toByteOffset: 24, as: UInt64.self)
      for (index, field) in identity.fields.enumerated() {
        raw.storeBytes(of: field, toByteOffset: 32 + index * 8, as: Int64.self)
      }
      for number in sections.indices {
        let at = SectionedLayout.fixedHeaderSize + number * 16
        raw.storeBytes(of: UInt64(layout.sectionOffsets[number]), toByteOffset: at, as: UInt64.self)
        raw.storeBytes(
          of: UInt64(layout.sectionLengths[number]), toByteOffset: at + 8, as: UInt64.self)
      }
      var block = 0
      withBlockBuffer { scratch in
        for (number, section) in sections.enumerated() {
          for index in 0..<SectionedLayout.blocks(layout.sectionLengths[number]) {
            let sum = BlockChecksum.of(Self.block(index, of: section, scratch: scratch))
            raw.storeBytes(
              of: sum, toByteOffset: layout.blockTableOffset + block * 8, as: UInt64.self)
            block += 1
          }
        }
      }
      raw.storeBytes(
        of: Self.tablesChecksum(UnsafeRawBufferPointer(raw)),
        toByteOffset: SectionedLayout.checksumOffset, as: UInt64.self)
    }
    return bytes
  }

  /// The checksum of the header and tables in `bytes` (`tablesEnd` long), its own field
  /// counted as zero.
  static func tablesChecksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let before = BlockChecksum.of(
      UnsafeRawBufferPointer(rebasing: bytes[0..<SectionedLayout.checksumOffset]))
    return BlockChecksum.of(
      UnsafeRawBufferPointer(rebasing: bytes[(SectionedLayout.checksumOffset + 8)...]), seed: before
    )
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

  private func withBlockBuffer<Result>(_ body: (UnsafeMutableRawBufferPointer) -> Result) -> Result
  {
    let scratch = UnsafeMutableRawBufferPointer.allocate(
      byteCount: SectionedLayout.blockSize, alignment: 16)
    defer { scratch.deallocate() }
    return body(scratch)
  }

  /// Writes the whole file into `destination` (`layout.fileLength` bytes).
  func fill(_ destination: UnsafeMutableRawBufferPointer) {
    destination.initializeMemory(as: UInt8.self, repeating: 0)
    tables().withUnsafeBytes { destination.copyMemory(from: $0) }
    for (number, section) in sections.enumerated() where section.count > 0 {
      let start = layout.sectionOffsets[number]
      UnsafeMutableRawBufferPointer(rebasing: destination[start..<start + section.count])
        .copyMemory(from: section)
    }
  }

  /// Writes the whole file to the open `descriptor` (empty, opened for writing); false when a
  /// write fails (a full disk, a file size limit).
  func write(to descriptor: Int32) -> Bool {
    guard ftruncate(descriptor, off_t(layout.fileLength)) == 0 else { return false }
    guard tables().withUnsafeBytes({ Self.writeAll(descriptor, $0, at: 0) }) else { return false }
    for (number, section) in sections.enumerated() where section.count > 0 {
      guard Self.writeAll(descriptor, section, at: layout.sectionOffsets[number]) else {
        return false
      }
    }
    return true
  }

  private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int)
    -> Bool
  {
    var written = 0
    while written < bytes.count {
      guard let base = bytes.baseAddress else { return true }
      let count = pwrite(descriptor, base + written, bytes.count - written, off_t(offset + written))
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return false }
      written += count
    }
    return true
  }
}

extension SectionedImage {
  /// Writes the file to a new temporary file beside `url` and renames it over `url`, so that
  /// two processes writing at once each leave a whole file; false when it cannot be written
  /// (a read-only or full disk), with nothing left behind.
  func save(to url: URL) -> Bool {
    let temporary = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
    let descriptor = Self.createExclusively(temporary.path)
    guard descriptor >= 0 else { return false }
    let written = write(to: descriptor)
    let closed = close(descriptor) == 0
    guard written, closed, rename(temporary.path, url.path) == 0 else {
      unlink(temporary.path)
      return false
    }
    return true
  }

  private static func createExclusively(_ path: String) -> Int32 {
    #if canImport(Glibc)
      return Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    #else
      return Darwin.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    #endif
  }
}

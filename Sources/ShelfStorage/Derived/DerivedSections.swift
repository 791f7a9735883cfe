/// The sections of a `DerivedFile` that was made from its source as it is now. Each block is
/// read and checked against its checksum when first used: read whole into memory of the
/// caller's (`values`), or left in the file's memory and read as it is used (`column`, for
/// large indexes of which a command reads a few blocks).
public final class DerivedSections: @unchecked Sendable {
  private let file: SectionedFile
  private let kind: [UInt8]

  init(file: SectionedFile, kind: [UInt8]) {
    self.file = file
    self.kind = kind
  }

  /// How many sections there are (the kind not counted).
  public var count: Int { file.layout.sectionLengths.count - 1 }

  /// Section `number` as values of `type`, read whole into an array of its own; nil when there
  /// is no such section, its length is not a whole number of them, or a block of it fails its
  /// checksum or cannot be read.
  public func values<Value: BitwiseCopyable>(_ number: Int, as type: Value.Type) -> [Value]? {
    guard number >= 0, number < count else { return nil }
    return section(number + 1, as: type)
  }

  /// Section `number` as a column in the file's memory, each block read and checked the first
  /// time a value in it is read; nil when there is no such section or its length is not a
  /// whole number of values.
  public func column<Value: BitwiseCopyable>(_ number: Int, of type: Value.Type = Value.self)
    -> Column<Value>?
  {
    guard number >= 0, number < count else { return nil }
    return file.column(number + 1, of: type)
  }

  /// Reads every block now and checks it, for a file used whole (find's index of the shows):
  /// false when one cannot be read or fails its check and is not made again
  /// (`remakeWhenDamaged`), so that the caller makes the sections from their source instead.
  public func checkEveryBlock() -> Bool {
    let layout = file.layout
    if layout.blockCount > 0 { file.ensure(layout.payloadStart..<layout.tablesOffset) }
    return !file.isDamaged
  }

  /// Says how the sections are made again should a block turn out damaged when it is first
  /// read (the columns then read correct bytes): `remake` makes them and calls its argument
  /// with them, returning what that returned (false when it cannot make them, or they are not
  /// laid out as the file's were).
  public func remakeWhenDamaged(
    _ remake: @escaping @Sendable (_ fill: ([UnsafeRawBufferPointer]) -> Bool) -> Bool
  ) {
    file.repair = { [file, kind] destination in
      remake { sections in
        kind.withUnsafeBytes { kind in
          let all = [kind] + sections
          let image = SectionedImage(sections: all, identity: file.identity)
          guard image.layout == file.layout else { return false }
          image.fill(destination, sections: all)
          return true
        }
      }
    }
  }

  /// The kind section's bytes.
  func kindSection() -> [UInt8]? {
    section(0, as: UInt8.self)
  }

  /// Section `number` (the kind counted) read whole into an array of its own (the file's
  /// memory is left alone).
  private func section<Value: BitwiseCopyable>(_ number: Int, as type: Value.Type) -> [Value]? {
    let length = file.layout.sectionLengths[number]
    let stride = MemoryLayout<Value>.stride
    guard length % stride == 0, SectionedLayout.blockSize % stride == 0 else { return nil }
    let capacity = SectionedLayout.blocks(length) * SectionedLayout.blockSize / stride
    var read = false
    let values = [Value](unsafeUninitializedCapacity: capacity) { buffer, count in
      read = file.copySection(number, to: UnsafeMutableRawBufferPointer(buffer))
      count = read ? length / stride : 0
    }
    return read ? values : nil
  }
}

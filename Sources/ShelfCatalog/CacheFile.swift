import Foundation

/// A file in the cache directory made from one of the user's files (the watched marks, a
/// show's saved episodes), so that a new process reads a few compact sections of numbers and
/// text instead of decoding the source. It is written as the toys' index is (`IndexImage`):
/// with the source's identity (`SourceIdentity`), a checksum per block and one over the
/// tables, to a temporary file renamed into place. Its first section names what it holds and
/// the version of that (`kind`).
///
/// Correctness never depends on it: a file of another kind or version, made from another
/// version of the source, short, or with a block that fails its checksum reads as none, and
/// the caller decodes the source and writes the file again; a file that cannot be written is
/// left out.
public struct CacheFile: Sendable {
  public let url: URL
  /// What the sections hold and their version (`watched-1`): a file of another kind reads as
  /// none.
  public let kind: String
  /// A source changed less than this long ago (seconds) is not cached: a second edit within
  /// the same tick of the file system's clock would not change its times.
  public let settleTime: Double

  public init(url: URL, kind: String, settleTime: Double = 1) {
    self.url = url
    self.kind = kind
    self.settleTime = settleTime
  }

  /// `PREFIX-HASH.EXTENSION`: a name for the cache file of `source` (a file or a directory),
  /// one per place, whatever path leads there.
  public static func name(_ prefix: String, for source: URL, extension: String) -> String {
    let path = source.resolvingSymlinksInPath().standardizedFileURL.path
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let digits = String(hash, radix: 16)
    return prefix + "-" + String(repeating: "0", count: 16 - digits.count) + digits + "."
      + `extension`
  }

  /// The sections after the kind, when the file holds `kind` made from `source`; nil
  /// otherwise. Only the header and tables are read and checked here, each section when it is
  /// first asked for (`CachedSections.values`).
  public func read(source: SourceIdentity) -> CachedSections? {
    guard let file = IndexFile.open(path: url.path), file.identity == source,
      file.layout.sectionLengths.count >= 1
    else { return nil }
    let sections = CachedSections(file: file)
    guard let tag = sections.section(0, as: UInt8.self), tag.elementsEqual(kind.utf8) else {
      return nil
    }
    return sections
  }

  /// Writes `sections` as the file made from `source`. False when the source changed too
  /// recently to trust its times, or the file cannot be written (a read-only or full disk).
  @discardableResult
  public func write(_ sections: [[UInt8]], source: SourceIdentity, now: Date = Date()) -> Bool {
    guard source.changedBefore(now.timeIntervalSince1970 - settleTime) else { return false }
    guard Self.makeDirectory(url.deletingLastPathComponent()) else { return false }
    let all = [Array(kind.utf8)] + sections
    return Self.withBuffers(all[...]) { buffers in
      IndexImage(sections: buffers, identity: source).save(to: url)
    }
  }

  /// A section of values as its bytes: what `CachedSections.values` reads back.
  public static func section<Value: BitwiseCopyable>(_ values: [Value]) -> [UInt8] {
    values.withUnsafeBytes { Array($0) }
  }

  /// Makes `directory` (and those above it) readable by the user alone, unless it exists;
  /// false when it cannot be made.
  static func makeDirectory(_ directory: URL) -> Bool {
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      return true
    } catch {
      return false
    }
  }

  private static func withBuffers<Result>(
    _ arrays: ArraySlice<[UInt8]>, _ buffers: [UnsafeRawBufferPointer] = [],
    _ body: ([UnsafeRawBufferPointer]) -> Result
  ) -> Result {
    guard let first = arrays.first else { return body(buffers) }
    return first.withUnsafeBytes { bytes in
      withBuffers(arrays.dropFirst(), buffers + [bytes], body)
    }
  }
}

/// The sections of a `CacheFile`, each read and checked against its checksums when first
/// asked for.
public struct CachedSections: @unchecked Sendable {
  private let file: IndexFile

  init(file: IndexFile) {
    self.file = file
  }

  /// How many sections there are (the kind not counted).
  public var count: Int { file.layout.sectionLengths.count - 1 }

  /// Section `number` as values of `type`; nil when there is no such section, its length is
  /// not a whole number of them, or a block of it fails its checksum or cannot be read.
  public func values<Value: BitwiseCopyable>(_ number: Int, as type: Value.Type) -> [Value]? {
    guard number >= 0, number < count else { return nil }
    return section(number + 1, as: type)
  }

  /// Values `range` of section `number` (only the blocks holding them are read and checked);
  /// nil when `values` would be, or the section has fewer values.
  public func values<Value: BitwiseCopyable>(
    _ number: Int, in range: Range<Int>, as type: Value.Type
  ) -> [Value]? {
    guard number >= 0, number < count, let column = file.column(number + 1, of: type),
      range.lowerBound >= 0, range.upperBound <= column.count
    else { return nil }
    let values = column.withBuffer(range) { Array($0) }
    return file.isDamaged ? nil : values
  }

  /// Section `number` read whole into an array of its own (the file's memory is left alone).
  fileprivate func section<Value: BitwiseCopyable>(_ number: Int, as type: Value.Type)
    -> [Value]?
  {
    let length = file.layout.sectionLengths[number]
    let stride = MemoryLayout<Value>.stride
    guard length % stride == 0, IndexLayout.blockSize % stride == 0 else { return nil }
    let capacity = IndexLayout.blocks(length) * IndexLayout.blockSize / stride
    var read = false
    let values = [Value](unsafeUninitializedCapacity: capacity) { buffer, count in
      read = file.copySection(number, to: UnsafeMutableRawBufferPointer(buffer))
      count = read ? length / stride : 0
    }
    return read ? values : nil
  }
}

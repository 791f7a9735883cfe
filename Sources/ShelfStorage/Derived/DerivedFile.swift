import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Derived data in the cache directory: a file made from a source (a catalog's `toys.tsv`, a
/// person's `watched.plist`) so that a new process reads a few sections of numbers and text
/// instead of reading and indexing the source. Every derived file shelf keeps is one of these,
/// written and read here alone: a first section naming its kind and version, then the
/// sections (`SectionedLayout`), with the source's identity (`SourceIdentity`), a checksum per
/// 4 KiB block and one over the tables; written to a temporary file renamed into place, so
/// two processes writing at once each leave a whole file.
///
/// One rule says when it may be used: it holds this kind, made from the source as it is now.
/// Anything else (made from another version of the source, of another kind or version, short,
/// a block that fails its checksum) reads as none, and the caller reads the source and writes
/// the file again. Nothing here is the only copy of anything: a file can be deleted at any
/// moment, and one that cannot be written (a read-only or full disk) is left out.
public struct DerivedFile: Sendable {
  public let url: URL
  /// What the sections hold and their version (`watched-3`): a file of another kind reads as
  /// none.
  public let kind: String
  /// A source changed less than this long ago (seconds) is not written from: a second edit
  /// within the same tick of the file system's clock would not change its times.
  public let settleTime: Double

  public init(url: URL, kind: String, settleTime: Double = 1) {
    self.url = url
    self.kind = kind
    self.settleTime = settleTime
  }

  /// `PREFIX-HASH.EXTENSION`: a name for the file made from `source` (a file or a
  /// directory), one per place, whatever path leads there.
  public static func name(_ prefix: String, for source: URL, extension: String) -> String {
    let path = source.resolvingSymlinksInPath().standardizedFileURL.path
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let digits = String(hash, radix: 16)
    return prefix + "-" + String(repeating: "0", count: 16 - digits.count) + digits + "."
      + `extension`
  }

  /// The sections after the kind, when the file holds `kind` made from `source`; nil
  /// otherwise. Only the header and tables are read and checked here; each block of a
  /// section when it is first read.
  public func read(source: SourceIdentity) -> DerivedSections? {
    guard let file = SectionedFile.open(path: url.path), file.identity == source,
      file.layout.sectionLengths.count >= 1
    else { return nil }
    let sections = DerivedSections(file: file, kind: Array(kind.utf8))
    guard let tag = sections.kindSection(), tag.elementsEqual(kind.utf8) else { return nil }
    return sections
  }

  /// A writer of the file made from `source`, to which its sections are appended as they are
  /// made; nil when the source changed too recently to trust its times, or the file cannot be
  /// written.
  public func writer(source: SourceIdentity, now: Date = Date()) -> DerivedFileWriter? {
    guard source.changedBefore(now.timeIntervalSince1970 - settleTime),
      Self.makeDirectory(url.deletingLastPathComponent())
    else { return nil }
    return DerivedFileWriter(file: self, source: source)
  }

  /// A writer of the sections made from `source` for this process alone
  /// (`DerivedFileWriter.finishPrivately`), whenever the source changed; nil when the
  /// directory cannot be written.
  public func privateWriter(source: SourceIdentity) -> DerivedFileWriter? {
    guard Self.makeDirectory(url.deletingLastPathComponent()) else { return nil }
    return DerivedFileWriter(file: self, source: source)
  }

  /// Writes `sections` as the file made from `source` (whose bytes must stay valid during the
  /// call). False when the source changed too recently to trust its times, or the file cannot
  /// be written.
  @discardableResult
  public func write(
    _ sections: [UnsafeRawBufferPointer], source: SourceIdentity, now: Date = Date()
  ) -> Bool {
    guard let writer = writer(source: source, now: now) else { return false }
    for section in sections where !writer.append(section) { return false }
    return writer.finish()
  }

  /// `write` for sections held as arrays of bytes.
  @discardableResult
  public func write(_ sections: [[UInt8]], source: SourceIdentity, now: Date = Date()) -> Bool {
    SectionCollector(sections: sections).withSections { write($0, source: source, now: now) }
  }

  /// A section of values as its bytes: what `DerivedSections.values` reads back.
  public static func section<Value: BitwiseCopyable>(_ values: [Value]) -> [UInt8] {
    values.withUnsafeBytes { Array($0) }
  }

  /// True when the directory for derived files exists or can be made (readable by the user
  /// alone, as the data directory), and can be written.
  public static func canWrite(in directory: URL) -> Bool {
    makeDirectory(directory) && access(directory.path, W_OK) == 0
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
}

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a `DerivedFile` section by section as each is made, so that a large index (the toys
/// of a 1,000,000-line catalog) never has all its parts in memory at once: each section goes
/// to a new temporary file beside the file as it is appended, the tables and header when it
/// is finished, and the temporary file is renamed into place, so two processes writing at
/// once each leave a whole file. One that is not finished (a failure, or given up) leaves
/// nothing behind.
public final class DerivedFileWriter: SectionSink {
  private let url: URL
  private let temporary: String
  private let identity: SourceIdentity
  private var descriptor: Int32
  private var lengths: [Int] = []
  private var checksums: [UInt64] = []
  private var offset = SectionedLayout.payloadStart
  private var failed = false
  private var finished = false

  /// A writer of `file` made from `source`, its kind the first section; nil when the file
  /// cannot be written (a read-only or full disk).
  init?(file: DerivedFile, source: SourceIdentity) {
    url = file.url
    identity = source
    temporary =
      url.deletingLastPathComponent().path
      + "/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    Self.removeTemporariesOfEndedProcesses(of: url)
    descriptor = Self.createExclusively(temporary)
    guard descriptor >= 0 else { return nil }
    guard Array(file.kind.utf8).withUnsafeBytes({ append($0) }) else { return nil }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
    if !finished { unlink(temporary) }
  }

  /// Writes the next section; false (and every later call false) when it cannot be written.
  @discardableResult
  public func append(_ section: UnsafeRawBufferPointer) -> Bool {
    guard !failed, !finished else { return false }
    guard Self.writeAll(descriptor, section, at: offset) else {
      failed = true
      return false
    }
    lengths.append(section.count)
    checksums += SectionedImage.blockChecksums(section)
    offset += SectionedLayout.blocks(section.count) * SectionedLayout.blockSize
    return true
  }

  /// Writes the next section, a column of values.
  @discardableResult
  public func append<Value: BitwiseCopyable>(_ column: Column<Value>) -> Bool {
    append(column.rawBytes)
  }

  /// Writes the tables and the header and renames the file into place; false when any of it
  /// failed (nothing is left behind then).
  public func finish() -> Bool {
    guard completeFile(), rename(temporary, url.path) == 0 else {
      failed = true
      return false
    }
    finished = true
    return true
  }

  /// Writes the tables and the header and opens the file for this process alone instead of
  /// putting it in place (it is removed once open): the sections of a source that changed too
  /// recently for its derived file to be kept, read back as a kept one is, so that they are
  /// not all held in memory either. Nil when any of it failed (nothing is left behind then).
  public func finishPrivately(kind: String) -> DerivedSections? {
    guard completeFile(), let file = SectionedFile.open(path: temporary) else {
      failed = true
      return nil
    }
    unlink(temporary)
    finished = true
    let sections = DerivedSections(file: file, kind: Array(kind.utf8))
    guard let tag = sections.kindSection(), tag.elementsEqual(kind.utf8) else { return nil }
    return sections
  }

  /// Writes the tables and the header after the sections and closes the temporary file; false
  /// when any of it failed or the writer already had.
  private func completeFile() -> Bool {
    guard !failed, !finished else { return false }
    let image = SectionedImage(
      layout: SectionedLayout(sectionLengths: lengths), identity: identity,
      blockChecksums: checksums)
    let (header, tables) = image.headerAndTables()
    let written =
      ftruncate(descriptor, off_t(image.layout.fileLength)) == 0
      && tables.withUnsafeBytes { Self.writeAll(descriptor, $0, at: image.layout.tablesOffset) }
      && header.withUnsafeBytes { Self.writeAll(descriptor, $0, at: 0) }
    let closed = close(descriptor) == 0
    descriptor = -1
    return written && closed
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

  /// Deletes the temporary files beside `url` that writers of it left when their process was
  /// killed half-way (`.NAME.PID.RANDOM.tmp` of a process that has ended): a 1,000,000-toy
  /// index is hundreds of megabytes.
  private static func removeTemporariesOfEndedProcesses(of url: URL) {
    let directory = url.deletingLastPathComponent().path
    let prefix = ".\(url.lastPathComponent)."
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      let parts = name.dropFirst(prefix.count).split(separator: ".")
      guard parts.count == 3, let pid = Int32(parts[0]), pid != getpid(),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      unlink(directory + "/" + name)
    }
  }

  private static func createExclusively(_ path: String) -> Int32 {
    #if canImport(Glibc)
      return Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    #else
      return Darwin.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    #endif
  }
}

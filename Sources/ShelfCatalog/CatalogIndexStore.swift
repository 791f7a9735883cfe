import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The toys' index file in the cache directory (`catalog-HASH.index`, one per catalog
/// directory): the columns of `toys.tsv` and every index made from them, mapped on open so
/// that a new process answers `find`, `ls --sort` and Tab without reading or indexing the
/// catalog. The file names the `toys.tsv` it was made from (`SourceIdentity`); one made from
/// another file, another version, or short or damaged, is made again without a word. It is
/// written to a temporary file and renamed into place, so two processes building it at once
/// each leave a whole file; a cache that cannot be written leaves the indexes in memory.
public struct CatalogIndexStore: Sendable {
  /// The cache directory (`$XDG_CACHE_HOME/shelf`).
  public let directory: URL
  /// A `toys.tsv` changed less than this long ago (seconds) is indexed but not written: a
  /// second edit within the same tick of the file system's clock would not change its times.
  public let settleTime: Double

  public init(directory: URL, settleTime: Double = 1) {
    self.directory = directory
    self.settleTime = settleTime
  }

  /// The index file of the catalog in `catalogDirectory`.
  public func fileURL(forCatalog catalogDirectory: URL) -> URL {
    directory.appendingPathComponent(
      CacheFile.name("catalog", for: catalogDirectory, extension: "index"))
  }

  /// The toys from the index file at `url` when it holds the `toys.tsv` whose identity is
  /// `source`; nil otherwise. `rebuild` makes the parts again from `toys.tsv` if a block of
  /// the file turns out damaged when read.
  func open(_ url: URL, source: SourceIdentity, rebuild: @escaping @Sendable () -> ToyParts?)
    -> ToyParts?
  {
    guard let file = IndexFile.open(path: url.path), file.identity == source else { return nil }
    file.repair = { [layout = file.layout] destination in
      guard let parts = rebuild(), let indexes = parts.indexes else { return false }
      return ToyIndexCodec.withSections(parts, indexes) { sections in
        let image = IndexImage(sections: sections, identity: source)
        guard image.layout == layout else { return false }
        image.fill(destination)
        return true
      }
    }
    return ToyIndexCodec.decode(file)
  }

  /// True when the cache directory exists or can be made, and can be written.
  func isWritable() -> Bool {
    CacheFile.makeDirectory(directory) && access(directory.path, W_OK) == 0
  }

  /// Writes the index file at `url` for `parts` (indexes built) made from `source`: a new
  /// file renamed over the old one. False when it cannot be written (a read-only or full
  /// disk) or `toys.tsv` changed too recently to trust its times.
  @discardableResult
  func save(_ parts: ToyParts, source: SourceIdentity, to url: URL, now: Date = Date()) -> Bool {
    guard let indexes = parts.indexes, source.changedBefore(now.timeIntervalSince1970 - settleTime)
    else { return false }
    return ToyIndexCodec.withSections(parts, indexes) { sections in
      IndexImage(sections: sections, identity: source).save(to: url)
    }
  }
}

extension IndexImage {
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

extension SourceIdentity {
  /// The identity of the file `status` describes.
  public init(_ status: stat) {
    #if canImport(Darwin)
      let modified = status.st_mtimespec
      let changed = status.st_ctimespec
    #else
      let modified = status.st_mtim
      let changed = status.st_ctim
    #endif
    self.init(fields: [
      Int64(status.st_dev), Int64(bitPattern: UInt64(status.st_ino)), Int64(status.st_size),
      Int64(modified.tv_sec), Int64(modified.tv_nsec), Int64(changed.tv_sec),
      Int64(changed.tv_nsec),
    ])
  }

  /// The identity of the file at `path` now; nil when it cannot be read.
  public init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.init(status)
  }

  /// True when the file last changed before `time` (seconds since 1970). The change time is
  /// the one to look at: a program can set the modification time back, not the change time,
  /// and any later write sets it anew unless it falls in the same tick of the clock.
  public func changedBefore(_ time: Double) -> Bool {
    Double(fields[5]) + Double(fields[6]) / 1e9 < time
  }
}

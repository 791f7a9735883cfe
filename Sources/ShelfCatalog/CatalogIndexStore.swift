import Foundation
import ShelfStorage

/// The toys' index file in the cache directory (`catalog-HASH.index`, one per catalog
/// directory): a `DerivedFile` of kind `toys` made from `toys.tsv`, holding its columns and
/// every index made from them (`ToyIndexCodec`), read block by block as used, so that a new
/// process answers `find`, `ls --sort` and Tab without reading or indexing the catalog. One
/// made from another version of `toys.tsv`, of another kind, short or damaged, is made again
/// without a word; a cache that cannot be written leaves the indexes in memory.
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
      DerivedFile.name("catalog", for: catalogDirectory, extension: "index"))
  }

  /// The derived file at `url`.
  private func file(_ url: URL) -> DerivedFile {
    DerivedFile(url: url, kind: ToyIndexCodec.kind, settleTime: settleTime)
  }

  /// The toys from the index file at `url` when it holds the `toys.tsv` whose identity is
  /// `source`; nil otherwise. Should a block of the file turn out damaged when read, the
  /// sections are made again from `reload` (the toys read from `toys.tsv` again), in place and
  /// for the next process.
  func open(_ url: URL, source: SourceIdentity, reload: @escaping @Sendable () -> ToyParts?)
    -> ToyParts?
  {
    guard let sections = file(url).read(source: source) else { return nil }
    let file = file(url)
    sections.remakeWhenDamaged { fill in
      guard let parts = reload() else { return false }
      var collector = SectionCollector()
      guard ToyIndexCodec.write(parts, to: &collector) else { return false }
      return collector.withSections { sections in
        file.write(sections, source: source)
        return fill(sections)
      }
    }
    return ToyIndexCodec.decode(sections)
  }

  /// The toys and their indexes written index by index to a file of this process's own
  /// (removed once open) and read back as the index file is: for a `toys.tsv` changed too
  /// recently for its index file to be kept, so that the session still never holds every
  /// index in memory at once (at 1,000,000 toys that peak was 431 MiB instead of 386). Nil
  /// when it cannot be written.
  func openPrivately(
    _ parts: ToyParts, source: SourceIdentity, beside url: URL,
    reload: @escaping @Sendable () -> ToyParts?
  ) -> ToyParts? {
    guard var writer = file(url).privateWriter(source: source),
      ToyIndexCodec.write(parts, to: &writer),
      let sections = writer.finishPrivately(kind: ToyIndexCodec.kind)
    else { return nil }
    sections.remakeWhenDamaged { fill in
      guard let parts = reload() else { return false }
      var collector = SectionCollector()
      guard ToyIndexCodec.write(parts, to: &collector) else { return false }
      return collector.withSections(fill)
    }
    return ToyIndexCodec.decode(sections)
  }

  /// True when the cache directory exists or can be made, and can be written.
  func isWritable() -> Bool {
    DerivedFile.canWrite(in: directory)
  }

  /// Writes the index file at `url` for `parts` made from `source`, each index made as it is
  /// written: a new file renamed over the old one. False when it cannot be written (a
  /// read-only or full disk) or `toys.tsv` changed too recently to trust its times.
  @discardableResult
  func save(_ parts: ToyParts, source: SourceIdentity, to url: URL, now: Date = Date()) -> Bool {
    guard var writer = file(url).writer(source: source, now: now),
      ToyIndexCodec.write(parts, to: &writer)
    else { return false }
    return writer.finish()
  }
}

import Foundation
import ShelfStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `find`'s index of every show kept beside the show store (`shows-find-HASH.index`, a
/// `DerivedFile` made from the store file), so that a session's second find reads it instead
/// of reading and indexing 85,000 shows again. Like every derived file it is used only while
/// its recorded identity is the store file's, and can be deleted at any moment.
///
/// The store writes ahead (SQLite's WAL): a commit lands in `shows.sqlite-wal` and reaches the
/// store file only when it is checkpointed (which changes the file's identity). So the index
/// file is read and written only while the WAL is absent or empty, when the store file holds
/// every change; while it holds some, the shows are indexed in memory.
struct ShowFindIndexFile {
  static let kind = "shows-find-1"
  let storeURL: URL
  let file: DerivedFile

  init(storeURL: URL, settleTime: Double = 1) {
    self.storeURL = storeURL
    file = DerivedFile(
      url: storeURL.deletingLastPathComponent().appendingPathComponent(
        DerivedFile.name("shows-find", for: storeURL, extension: "index")),
      kind: Self.kind, settleTime: settleTime)
  }

  /// The store file's identity while it holds every change (its WAL absent or empty); nil
  /// otherwise, or when it cannot be read.
  func storeIdentity() -> SourceIdentity? {
    var status = stat()
    if stat(storeURL.path + "-wal", &status) == 0, status.st_size > 0 { return nil }
    return SourceIdentity(path: storeURL.path)
  }

  /// The search kept for the store as `source` is; nil when there is none, it was made from
  /// another version of the store, or a block of it is damaged.
  func read(source: SourceIdentity) -> ShowSearch? {
    guard let sections = file.read(source: source), sections.checkEveryBlock() else {
      return nil
    }
    return ShowSearch(sections: sections)
  }

  /// Keeps `search`, made from the store as `source` is; false when it cannot be written (a
  /// read-only or full disk) or the store changed too recently to trust its times.
  @discardableResult
  func write(_ search: ShowSearch, source: SourceIdentity) -> Bool {
    guard var writer = file.writer(source: source), search.write(to: &writer) else {
      return false
    }
    return writer.finish()
  }
}

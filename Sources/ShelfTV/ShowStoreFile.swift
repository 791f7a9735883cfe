import Foundation
import ShelfFiles
import ShelfStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The show store's file: opened only when it and its side files are regular files (or
/// absent), migrated, and filled on first use from the snapshot (or the copy an older shelf
/// left). A file that is damaged (what SQLite reports, or a header or schema version no shelf
/// writes) is set aside and a new one built; anything else that stops it is an error naming
/// the file and the reason.
final class ShowStoreFile {
  let url: URL
  let snapshotURL: URL
  let legacyImport: LegacyShowListImport?
  let source: ShowStoreSource
  /// What was set aside or ignored, for the caller to show once.
  private(set) var warnings: [String] = []

  /// The files SQLite opens beside the store: the WAL, its index, a rollback journal.
  static let sideFileSuffixes = ["-wal", "-shm", "-journal"]

  init(url: URL, snapshotURL: URL, legacyImport: LegacyShowListImport?, source: ShowStoreSource) {
    self.url = url
    self.snapshotURL = snapshotURL
    self.legacyImport = legacyImport
    self.source = source
  }

  func takeWarnings() -> [String] {
    defer { warnings.removeAll() }
    return warnings
  }

  /// Opens the store (creating, migrating, filling it); a damaged one is set aside first.
  func openStore() throws -> ShowStore {
    let store: ShowStore
    do {
      store = try openChecked()
    } catch let error as SQLiteError where !error.isCorruptFile {
      throw unwritableDirectory() ?? error
    }
    if let legacyImport, let warning = try legacyImport.run(into: store, source: source) {
      warnings.append(warning)
    }
    if try store.meta(ShowStoreMeta.source) == nil {
      let shows = try ShowListFile.read(snapshotURL)
      try store.database.transaction {
        guard try store.meta(ShowStoreMeta.source) == nil else { return }
        for show in shows { try store.upsert(show) }
        try store.setMeta(ShowStoreMeta.source, ShowStoreMeta.snapshot)
      }
    }
    return store
  }

  /// Moves a damaged store (and its WAL files) aside, so that a new one is built.
  func setAside(reason: String) {
    let path = url.path
    let aside = path + ".damaged"
    _ = unlink(aside)
    _ = rename(path, aside)
    _ = unlink(path + "-wal")
    _ = unlink(path + "-shm")
    warnings.append(
      "the show store \(path) was damaged (\(reason)); moved to \(aside) and rebuilt")
  }

  private func openChecked() throws -> ShowStore {
    for path in [url.path] + Self.sideFileSuffixes.map({ url.path + $0 }) {
      try Self.requireRegularFileOrNothing(at: path)
    }
    do {
      if let damage = try headerDamage() { throw ShowStoreProblem.damaged(damage) }
      let store = try ShowStore(path: url.path)
      _ = try store.meta(ShowStoreMeta.source)
      return store
    } catch let error as SQLiteError where error.isCorruptFile {
      setAside(reason: error.message)
    } catch ShowStoreProblem.damaged(let reason) {
      setAside(reason: reason)
    } catch ShowStoreProblem.newerSchema(let superseded) {
      throw newerShelf(superseded)
    }
    do {
      return try ShowStore(path: url.path)
    } catch ShowStoreProblem.newerSchema(let superseded) {
      // Another shelf made a new one meanwhile.
      throw newerShelf(superseded)
    }
  }

  /// The error for a store a newer shelf wrote: the steps of its schema this one does not
  /// know, or (a store from before steps had names) its schema version.
  private func newerShelf(_ superseded: DatabaseMigrator.Superseded) -> TVCacheError {
    let names = superseded.unknown.map { "\"\($0)\"" }.joined(separator: ", ")
    return TVCacheError(
      kind: .newerShelf, path: url.path,
      detail: superseded.unknown.isEmpty
        ? "schema \(superseded.found); this shelf knows schema \(superseded.known) and older"
        : "schema step \(names) unknown to this shelf")
  }

  /// SQLite opens a store in WAL mode only where it can write its side files; when the
  /// directory is read-only its own message names neither (or a stale `errno`).
  private func unwritableDirectory() -> TVCacheError? {
    let directory = url.deletingLastPathComponent().path
    guard access(directory, W_OK) != 0 else { return nil }
    return TVCacheError(
      kind: .database, path: url.path,
      detail: "\(directory) is not writable: \(FileError.systemReason(errno))")
  }

  /// A file SQLite would open at `path` must be a regular file: a directory, a device or a
  /// FIFO there is an error naming it (SQLite would fail, read zeros for ever, or block).
  static func requireRegularFileOrNothing(at path: String) throws {
    var status = stat()
    guard stat(path, &status) == 0 else {
      let code = errno
      if code == ENOENT { return }
      throw TVCacheError(
        kind: .unreadable, path: path, detail: FileError.systemReason(code))
    }
    let type = status.st_mode & S_IFMT
    guard type != S_IFREG else { return }
    let what: String
    switch type {
    case S_IFDIR: what = "a directory"
    case S_IFCHR: what = "a character device"
    case S_IFBLK: what = "a block device"
    case S_IFIFO: what = "a FIFO"
    case S_IFSOCK: what = "a socket"
    default: what = "not a file"
    }
    throw TVCacheError(
      kind: .notARegularFile, path: path, detail: "it is \(what), not a regular file")
  }

  /// Why the file's header is one no SQLite writes, or nil (SQLite judges the rest). SQLite
  /// itself opens a file whose format bytes say "newer" read-only or reads past reserved
  /// bytes, and then every write fails for ever.
  private func headerDamage() throws -> String? {
    let descriptor = SQLiteHeader.openForReading(url.path)
    guard descriptor >= 0 else { return nil }
    defer { _ = close(descriptor) }
    var header = [UInt8](repeating: 0, count: SQLiteHeader.size)
    let count = read(descriptor, &header, header.count)
    guard count == header.count else { return nil }
    return SQLiteHeader(bytes: header).damage
  }
}

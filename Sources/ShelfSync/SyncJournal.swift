import Foundation
import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces the documents a merge wrote, and `.sync/synced` with them, as one change: after a
/// failure (a full disk) or a kill at any point, either all are new or all are as they were,
/// once `finishInterrupted` has run (at the next start, or the next sync).
///
/// Each new file is written in full beside its destination as `.NAME.sync-staged`; then the
/// journal, naming each staged file, its destination and the version of the destination it
/// was merged from, is written atomically: that is the moment of the change. The staged
/// files are renamed over their destinations and the journal is removed. The caller holds the
/// locks of every destination. A run killed after the journal leaves renames to finish; if a
/// shell changed a destination since (it took the lock the dead sync held), the staged merge
/// and that change are merged again, with the version merged from as their base, so neither
/// is lost.
struct SyncJournal {
  let folder: SyncFolder

  /// One document to replace: its new contents, and the blob id of the version it was merged
  /// from (nil for `.sync/synced`, which is taken as it is).
  struct Entry {
    var document: SyncDocument?
    var destination: URL
    var contents: Data
    var mergedFrom: String?
  }

  static func stagedPath(for destination: URL) -> String {
    let target = DurableFile.resolvingLinks(destination.path)
    let directory = (target as NSString).deletingLastPathComponent
    return (directory as NSString).appendingPathComponent(
      ".\((target as NSString).lastPathComponent).sync-staged")
  }

  /// Writes every entry and `synced` as one change. A failure before the journal is written
  /// leaves every file as it was (`SyncError.file`).
  func write(_ entries: [Entry], synced: String) throws {
    try stage(entries, synced: synced)
    try finish(merging: nil)
  }

  /// Renames what `record` journaled, right after it, under the same locks.
  func finish() throws {
    try finish(merging: nil)
  }

  /// Writes the staged files and the journal: the change is made, not yet in place.
  func stage(_ entries: [Entry], synced: String) throws {
    try stageFiles(entries)
    try record(entries, synced: synced)
  }

  /// Writes each entry's new contents beside its destination (`stagedPath`). A failure leaves
  /// no staged file.
  func stageFiles(_ entries: [Entry]) throws {
    do {
      for entry in entries {
        try DurableFile.write(
          entry.contents, to: URL(fileURLWithPath: Self.stagedPath(for: entry.destination)))
      }
    } catch let error as FileError {
      for entry in entries { unlink(Self.stagedPath(for: entry.destination)) }
      throw SyncError.file(error)
    }
  }

  /// Stages `synced` and writes the journal of `entries` (staged already): the moment of the
  /// change. A failure leaves no staged file.
  func record(_ entries: [Entry], synced: String) throws {
    let marker = Entry(
      document: nil, destination: folder.synced, contents: SyncFolder.syncedContents(synced),
      mergedFrom: nil)
    let all = entries + [marker]
    var record = Data()
    do {
      try DurableFile.write(
        marker.contents, to: URL(fileURLWithPath: Self.stagedPath(for: marker.destination)))
      for entry in all {
        let staged = Self.stagedPath(for: entry.destination)
        for field in [
          staged, DurableFile.resolvingLinks(entry.destination.path), entry.mergedFrom ?? "-",
          entry.document.map(RepositoryLayout.path(of:)) ?? "-",
        ] {
          record.append(Data(field.utf8))
          record.append(0)
        }
      }
      try DurableFile.write(record, to: folder.journal)
    } catch let error as FileError {
      for entry in all { unlink(Self.stagedPath(for: entry.destination)) }
      throw SyncError.file(error)
    }
  }

  /// The entries of a journal left by a sync that was killed; empty when there is none.
  func pending() -> [(staged: String, destination: String, mergedFrom: String?, path: String?)] {
    guard let data = try? SmallFile.read(folder.journal.path, limit: 16 << 20) else { return [] }
    let fields = data.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    return stride(from: 0, to: fields.count - 3, by: 4).map { index in
      (
        fields[index], fields[index + 1], fields[index + 2] == "-" ? nil : fields[index + 2],
        fields[index + 3] == "-" ? nil : fields[index + 3]
      )
    }
  }

  /// Whether a journal is waiting to be finished (one look, no lock).
  var isPending: Bool { access(folder.journal.path, F_OK) == 0 }

  /// How a kill's leftover is finished: given the document's repository path, the blob id of
  /// the version it was merged from, the staged contents and the destination's contents now,
  /// the contents to write.
  typealias Remerge = (
    _ path: String, _ mergedFrom: String, _ staged: Data, _ current: Data?
  ) throws -> Data

  /// Renames what the journal names, then removes it. `remerge`, given after a kill, merges a
  /// destination changed since its staged version was made (see the type's note); without it
  /// (right after `write`, under the same locks) every staged file is renamed as it is.
  func finish(merging remerge: Remerge?) throws {
    var directories = Set<String>()
    for entry in pending() {
      directories.insert((entry.destination as NSString).deletingLastPathComponent)
      guard let remerge, let path = entry.path, let mergedFrom = entry.mergedFrom,
        let staged = try? SmallFile.readIfPresent(entry.staged, limit: 1 << 30)
      else {
        if rename(entry.staged, entry.destination) != 0 && errno != ENOENT {
          throw SyncError.file(FileError(path: entry.destination, operation: .save, code: errno))
        }
        continue
      }
      let current = try? SmallFile.readIfPresent(entry.destination, limit: 1 << 30)
      do {
        let merged = try remerge(path, mergedFrom, staged, current ?? nil)
        try DurableFile.write(merged, to: URL(fileURLWithPath: entry.destination))
        unlink(entry.staged)
      } catch let error as FileError {
        throw SyncError.file(error)
      }
    }
    for directory in directories { DurableFile.syncDirectory(directory) }
    guard unlink(folder.journal.path) == 0 || errno == ENOENT else {
      throw SyncError.file(FileError(path: folder.journal.path, operation: .save, code: errno))
    }
    DurableFile.syncDirectory(folder.url.path)
  }

  /// Removes staged files of a sync killed before its journal was written.
  func removeStaged(for destinations: [URL]) {
    for destination in destinations + [folder.synced] {
      unlink(Self.stagedPath(for: destination))
    }
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces several files as one change: after a failure (a full disk) or a kill at any point,
/// either every file is new or every file is as it was, once `finishInterrupted` has run.
///
/// Each new file is first written in full beside its destination as `.NAME.staged` (through
/// `DurableFile`, so it is on disk). Then a journal naming each staged file and its destination
/// is written atomically: that is the moment of the change. The staged files are renamed over
/// their destinations and the journal is removed. A run killed before the journal exists left
/// only staged files, which `finishInterrupted` removes; a run killed after it left a journal,
/// whose renames `finishInterrupted` finishes. The caller holds whatever locks keep others
/// from changing these files, during `write` and during `finishInterrupted` alike.
public enum DurableFileGroup {
  /// The name a new version of `destination` is staged under, beside it.
  static func stagedPath(for destination: String) -> String {
    let directory = (destination as NSString).deletingLastPathComponent
    let name = (destination as NSString).lastPathComponent
    return (directory as NSString).appendingPathComponent(".\(name).staged")
  }

  /// Replaces each file with its bytes, all or none; `journal` is where the change is recorded
  /// while it is made. A failure before the journal is written leaves every file as it was.
  public static func write(_ files: [(url: URL, bytes: [UInt8])], journal: URL) throws {
    try write(
      files.map { file in (file.url, { write in try write(file.bytes) }) }, journal: journal)
  }

  /// As `write(_:journal:)`, each file's contents written in pieces by its function (see
  /// `DurableFile.write(to:contents:)`).
  public static func write(
    _ files: [(url: URL, contents: ((any ContiguousBytes) throws -> Void) throws -> Void)],
    journal: URL
  ) throws {
    guard !files.isEmpty else { return }
    // A symbolic link is written through to its target, as `DurableFile.write` does.
    let moves = files.map { file in
      let destination = DurableFile.resolvingLinks(file.url.path)
      return (
        staged: stagedPath(for: destination), destination: destination, contents: file.contents
      )
    }
    do {
      for move in moves {
        try DurableFile.write(to: URL(fileURLWithPath: move.staged), contents: move.contents)
      }
      let record = moves.map { "\($0.staged)\t\($0.destination)\n" }.joined()
      try DurableFile.write(Data(record.utf8), to: journal)
    } catch {
      for move in moves { _ = unlink(move.staged) }
      throw error
    }
    try finish(journal: journal)
  }

  /// True when a group write was interrupted: its journal or a staged file is there (a cheap
  /// look, so that a start with nothing to finish takes no lock and creates nothing).
  public static func wasInterrupted(journal: URL, destinations: [URL]) -> Bool {
    access(journal.path, F_OK) == 0
      || destinations.contains {
        access(stagedPath(for: DurableFile.resolvingLinks($0.path)), F_OK) == 0
      }
  }

  /// Finishes or undoes a group write that was interrupted: with a journal, renames what it
  /// names; without one, removes the staged files of `destinations`. Returns true when there
  /// was something to finish or undo.
  @discardableResult
  public static func finishInterrupted(journal: URL, destinations: [URL]) throws -> Bool {
    if access(journal.path, F_OK) == 0 {
      try finish(journal: journal)
      return true
    }
    var removed = false
    for destination in destinations {
      let staged = stagedPath(for: DurableFile.resolvingLinks(destination.path))
      if unlink(staged) == 0 { removed = true }
    }
    return removed
  }

  /// Renames every staged file the journal names over its destination (one already renamed
  /// is gone, and is skipped), then removes the journal.
  private static func finish(journal: URL) throws {
    let record = try SmallFile.read(journal.path, limit: 1 << 20)
    var directories = Set<String>()
    for line in String(decoding: record, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { continue }
      if rename(parts[0], parts[1]) != 0 && errno != ENOENT {
        throw FileError(path: parts[1], operation: .save, code: errno)
      }
      directories.insert((parts[1] as NSString).deletingLastPathComponent)
    }
    for directory in directories { DurableFile.syncDirectory(directory) }
    guard unlink(journal.path) == 0 || errno == ENOENT else {
      throw FileError(path: journal.path, operation: .save, code: errno)
    }
    DurableFile.syncDirectory(journal.deletingLastPathComponent().path)
  }
}

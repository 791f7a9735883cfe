/// A problem with the files ShelfTV keeps on disk (the show snapshot, the local copy written
/// by `refresh`, the poster cache) or with a poster URL. Unlike `TVMazeError`, these are not
/// fetch failures: retrying the network does not fix them.
public struct TVCacheError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    /// The file is missing or cannot be read.
    case unreadable
    /// The file was read but is not a valid show list.
    case corrupt
    /// The file (or its directory) cannot be written.
    case unwritable
    /// A poster URL that is not an absolute http(s) URL.
    case unsupportedURL
    /// The show store (a SQLite file) failed; `detail` has SQLite's message.
    case database
    /// The show store or one of its side files (`-wal`, `-shm`, `-journal`) is there but is
    /// not a regular file; `detail` says what it is.
    case notARegularFile
    /// The show store has a schema from a newer shelf; `detail` names both versions.
    case newerShelf
  }

  public var kind: Kind
  /// The file's path, or the rejected URL for `.unsupportedURL`.
  public var path: String
  public var detail: String

  public init(kind: Kind, path: String, detail: String = "") {
    self.kind = kind
    self.path = path
    self.detail = detail
  }

  /// Always false: a retry of the network call would not help.
  public var isFetchFailure: Bool { false }

  public var description: String {
    let reason = detail.isEmpty ? "" : ": \(detail)"
    switch kind {
    case .unreadable: return "cannot read \(path)\(reason)"
    case .corrupt: return "\(path) is not a valid show list\(reason)"
    case .unwritable: return "cannot write \(path)\(reason)"
    case .unsupportedURL: return "not an http(s) image URL: \(path)"
    case .database: return "show store \(path)\(reason)"
    case .notARegularFile: return "show store \(path)\(reason)"
    case .newerShelf:
      return "show store \(path) was written by a newer shelf (\(detail)); use that shelf, or"
        + " delete the file and it is rebuilt"
    }
  }
}

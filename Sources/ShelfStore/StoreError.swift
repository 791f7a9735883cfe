import ShelfFiles

/// Why a data file could not be read or written. I/O failures are rendered by `FileError`,
/// so that every message names the file and the system's reason in its own words.
public struct StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Reason: Equatable, Sendable {
    case cannotCreateDirectory(String)
    case cannotLock(String)
    case cannotRead(String)
    case cannotWrite(String)
    case newerVersion(Int)
  }

  public let path: String
  public let reason: Reason

  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// A failed file operation as a store error.
  public init(_ error: FileError) {
    path = error.path
    switch error.operation {
    case .createDirectory: reason = .cannotCreateDirectory(error.reason)
    case .lock: reason = .cannotLock(error.reason)
    case .read: reason = .cannotRead(error.reason)
    case .save: reason = .cannotWrite(error.reason)
    }
  }

  public var description: String {
    switch reason {
    case .cannotCreateDirectory(let detail):
      FileError(path: path, operation: .createDirectory, reason: detail).description
    case .cannotLock(let detail):
      FileError(path: path, operation: .lock, reason: detail).description
    case .cannotRead(let detail):
      FileError(path: path, operation: .read, reason: detail).description
    case .cannotWrite(let detail):
      FileError(path: path, operation: .save, reason: detail).description
    case .newerVersion(let version):
      "\(path) was written by a newer shelf (format version \(version)); left unchanged"
    }
  }
}

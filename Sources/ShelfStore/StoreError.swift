/// Why a data file could not be read or written. The message a user reads is rendered here.
public struct StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Reason: Equatable, Sendable {
    case cannotCreateDirectory(String)
    case cannotLock(String)
    case cannotWrite(String)
    case newerVersion(Int)
  }

  public let path: String
  public let reason: Reason

  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  public var description: String {
    switch reason {
    case .cannotCreateDirectory(let detail): "cannot create data directory \(path): \(detail)"
    case .cannotLock(let detail): "cannot lock \(path): \(detail)"
    case .cannotWrite(let detail): "cannot save \(path): \(detail)"
    case .newerVersion(let version):
      "\(path) was written by a newer shelf (format version \(version)); left unchanged"
    }
  }
}

/// Something the user should know about that did not stop the command: a data file that could
/// not be read was moved aside and an empty one started.
public struct StoreWarning: Equatable, Sendable, CustomStringConvertible {
  public let path: String
  public let movedTo: String
  public let reason: String

  public var description: String {
    "\(path) could not be read (\(reason)); moved it aside to \(movedTo) and started afresh"
  }
}

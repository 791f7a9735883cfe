import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed SQLite call: the result code, SQLite's own message, the operating system's error
/// when SQLite reports one, and what was being done.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The primary or extended result code (`SQLITE_BUSY`, `SQLITE_NOTADB`…).
  public var code: Int32
  /// SQLite's message for the failure (`sqlite3_errmsg`).
  public var message: String
  /// The statement or the step that failed.
  public var context: String
  /// The `errno` of the system call that failed, for an I/O or open failure (else 0).
  public var systemErrno: Int32

  public init(code: Int32, message: String, context: String, systemErrno: Int32 = 0) {
    self.code = code
    self.message = message
    self.context = context
    self.systemErrno = systemErrno
  }

  public var result: SQLiteResultCode { SQLiteResultCode(code) }

  /// True when the file is not a database or is damaged, so that rebuilding it is the cure.
  public var isCorruptFile: Bool {
    [.notADatabase, .corrupt].contains(result.primary)
  }

  /// True when another connection held the lock for longer than the busy timeout.
  public var isBusy: Bool { result.primary == .busy }

  /// What went wrong in a user's words: "No space left on device" for a full disk (SQLite
  /// says "database or disk is full", or "disk I/O error" when the shared-memory file
  /// cannot grow), the system's reason after SQLite's message for other I/O failures.
  public var reason: String {
    // SQLite keeps the last system error of the connection: it belongs to this failure only
    // when this is an I/O or open failure.
    let system = [.ioError, .cannotOpen].contains(result.primary) ? systemErrno : 0
    if result.primary == .full || system == ENOSPC { return FileError.systemReason(ENOSPC) }
    if system != 0 { return "\(message): \(FileError.systemReason(system))" }
    return message
  }

  public var description: String { "\(reason) (\(context))" }
}

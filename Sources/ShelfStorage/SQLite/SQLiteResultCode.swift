import CSQLite

/// A SQLite result code by name (https://sqlite.org/rescode.html): the one place shelf spells
/// them. An extended code (`SQLITE_IOERR_WRITE`) carries its primary code in its low byte.
public struct SQLiteResultCode: Hashable, Sendable, CustomStringConvertible {
  public let value: Int32

  public init(_ value: Int32) {
    self.value = value
  }

  /// The primary code of an extended one (`SQLITE_IOERR` for `SQLITE_IOERR_WRITE`).
  public var primary: SQLiteResultCode { SQLiteResultCode(value & Self.primaryMask) }

  /// The bits of an extended code that hold its primary code.
  private static let primaryMask: Int32 = 0xFF

  public static let ok = SQLiteResultCode(SQLITE_OK)
  /// Another connection holds a lock (after the busy timeout).
  public static let busy = SQLiteResultCode(SQLITE_BUSY)
  /// A write to a database opened read-only, or to a file whose header forbids writing.
  public static let readOnly = SQLiteResultCode(SQLITE_READONLY)
  /// The operating system failed a read, write or sync (`sqlite3_system_errno` says why).
  public static let ioError = SQLiteResultCode(SQLITE_IOERR)
  /// The file's contents are damaged.
  public static let corrupt = SQLiteResultCode(SQLITE_CORRUPT)
  /// A write failed because the disk is full.
  public static let full = SQLiteResultCode(SQLITE_FULL)
  /// The file (or its journal) could not be opened (`sqlite3_system_errno` says why).
  public static let cannotOpen = SQLiteResultCode(SQLITE_CANTOPEN)
  /// The file is not a SQLite database.
  public static let notADatabase = SQLiteResultCode(SQLITE_NOTADB)

  public var description: String { String(cString: sqlite3_errstr(value)) }
}

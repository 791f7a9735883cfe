/// A failed SQLite call: the result code, SQLite's own message and what was being done.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The primary or extended result code (`SQLITE_BUSY`, `SQLITE_NOTADB`…).
  public var code: Int32
  /// SQLite's message for the failure (`sqlite3_errmsg`).
  public var message: String
  /// The statement or the step that failed.
  public var context: String

  public init(code: Int32, message: String, context: String) {
    self.code = code
    self.message = message
    self.context = context
  }

  /// True when the file is not a database or is damaged, so that rebuilding it is the cure.
  public var isCorruptFile: Bool {
    let primary = code & 0xFF
    return primary == 26 || primary == 11  // SQLITE_NOTADB, SQLITE_CORRUPT
  }

  public var description: String { "\(message) (\(context))" }
}

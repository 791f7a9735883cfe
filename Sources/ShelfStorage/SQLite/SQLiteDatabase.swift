import CSQLite
import Foundation

/// A connection to one SQLite database file, through the system's libsqlite3.
///
/// Statements are prepared once per SQL text and reused. Every failure throws a `SQLiteError`
/// carrying SQLite's message. The connection is used from one thread at a time.
public final class SQLiteDatabase {
  public let path: String
  private let handle: OpaquePointer
  private var statements: [String: SQLiteStatement] = [:]

  /// Opens (creating if needed) the database at `path`; waits up to `busyTimeout` seconds for
  /// a lock held by another process before a statement fails with `SQLITE_BUSY`.
  public init(path: String, busyTimeout: TimeInterval = 10) throws {
    // A new database file is created 0600 here (SQLite would make it 0644); its journal and
    // WAL files take the database file's mode.
    let created = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    if created >= 0 { close(created) }
    var connection: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &connection, flags, nil)
    guard code == SQLITE_OK, let connection else {
      let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      let systemErrno = connection.map { sqlite3_system_errno($0) } ?? 0
      sqlite3_close_v2(connection)
      throw SQLiteError(
        code: code, message: message, context: "open \(path)", systemErrno: systemErrno)
    }
    self.path = path
    self.handle = connection
    sqlite3_extended_result_codes(connection, 1)
    sqlite3_busy_timeout(connection, Int32(busyTimeout * 1000))
  }

  deinit {
    statements.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Runs one or more statements that take no parameters (schema, pragmas).
  public func execute(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    guard code == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
      sqlite3_free(message)
      throw SQLiteError(
        code: code, message: text, context: sql, systemErrno: sqlite3_system_errno(handle))
    }
  }

  /// The prepared statement for `sql`, prepared on first use.
  public func statement(_ sql: String) throws -> SQLiteStatement {
    if let statement = statements[sql] { return statement }
    let statement = try SQLiteStatement(database: handle, sql: sql)
    statements[sql] = statement
    return statement
  }

  /// A statement for `sql` that is not shared with other callers (one kept open while its
  /// rows are read bit by bit).
  public func ownStatement(_ sql: String) throws -> SQLiteStatement {
    try SQLiteStatement(database: handle, sql: sql)
  }

  /// The integer in the first column of the first row of `sql`, or nil.
  public func scalarInt(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int? {
    try statement(sql).firstRow(values) { $0.optionalInt(0) } ?? nil
  }

  /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
  /// `BEGIN IMMEDIATE` takes the write lock at once, so two processes never both read and
  /// then both try to write.
  public func transaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// The schema version kept in the file (`PRAGMA user_version`).
  public func userVersion() throws -> Int {
    try scalarInt("PRAGMA user_version") ?? 0
  }

  public func setUserVersion(_ version: Int) throws {
    try execute("PRAGMA user_version = \(version)")
  }

  /// Rows changed through this connection since it opened.
  public var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }

  /// The version of the linked libsqlite3, e.g. "3.40.1".
  public static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}

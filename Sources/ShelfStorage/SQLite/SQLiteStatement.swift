import CSQLite
import Foundation

/// A prepared statement of a `SQLiteDatabase`. It is reset and its parameters rebound on each
/// use, so one statement serves many calls.
public final class SQLiteStatement {
  private let handle: OpaquePointer
  private let database: OpaquePointer
  let sql: String

  init(database: OpaquePointer, sql: String) throws {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(
      database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard code == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw SQLiteError(
        code: code, message: String(cString: sqlite3_errmsg(database)), context: sql,
        systemErrno: sqlite3_system_errno(database))
    }
    self.handle = statement
    self.database = database
    self.sql = sql
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Resets the statement and binds `values` to its parameters `?1`, `?2`…
  public func bind(_ values: [SQLiteValue]) throws {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case .null: code = sqlite3_bind_null(handle, index)
      case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
      case .real(let number): code = sqlite3_bind_double(handle, index, number)
      case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, Self.transient)
      case .blob(let data):
        code = data.withUnsafeBytes { bytes in
          sqlite3_bind_blob64(
            handle, index, bytes.baseAddress, sqlite3_uint64(bytes.count), Self.transient)
        }
      }
      guard code == SQLITE_OK else { throw failure(code) }
    }
  }

  /// Advances to the next row: true when there is one, false when the statement is done.
  public func step() throws -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = failure(code)
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Runs a statement that returns no rows.
  public func run(_ values: [SQLiteValue] = []) throws {
    try bind(values)
    while try step() {}
    sqlite3_reset(handle)
  }

  /// Runs a query and calls `row` for each row it returns.
  public func forEachRow(_ values: [SQLiteValue] = [], _ row: (SQLiteStatement) throws -> Void)
    throws
  {
    try bind(values)
    defer { sqlite3_reset(handle) }
    while try step() { try row(self) }
  }

  /// The rows of a query, each turned into a value by `row`.
  public func rows<T>(_ values: [SQLiteValue] = [], _ row: (SQLiteStatement) throws -> T) throws
    -> [T]
  {
    var result: [T] = []
    try forEachRow(values) { result.append(try row($0)) }
    return result
  }

  /// The first row of a query turned into a value, or nil when it returns none.
  public func firstRow<T>(_ values: [SQLiteValue] = [], _ row: (SQLiteStatement) throws -> T)
    throws -> T?
  {
    try bind(values)
    defer { sqlite3_reset(handle) }
    return try step() ? try row(self) : nil
  }

  // MARK: - Columns of the current row

  public func isNull(_ column: Int32) -> Bool {
    sqlite3_column_type(handle, column) == SQLITE_NULL
  }

  public func int(_ column: Int32) -> Int {
    Int(sqlite3_column_int64(handle, column))
  }

  public func optionalInt(_ column: Int32) -> Int? {
    isNull(column) ? nil : int(column)
  }

  public func optionalDouble(_ column: Int32) -> Double? {
    isNull(column) ? nil : sqlite3_column_double(handle, column)
  }

  public func text(_ column: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  public func optionalText(_ column: Int32) -> String? {
    isNull(column) ? nil : text(column)
  }

  /// The column's value when it is an integer (not a real, text or null).
  public func integerIfInteger(_ column: Int32) -> Int? {
    sqlite3_column_type(handle, column) == SQLITE_INTEGER ? int(column) : nil
  }

  /// The column's value when it is text (not a number or null).
  public func textIfText(_ column: Int32) -> String? {
    sqlite3_column_type(handle, column) == SQLITE_TEXT ? text(column) : nil
  }

  public func blob(_ column: Int32) -> Data {
    guard let bytes = sqlite3_column_blob(handle, column) else { return Data() }
    return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column)))
  }

  /// Calls `body` with the UTF-8 bytes of a text column of the current row, as SQLite holds
  /// them (no string is made).
  public func withText<Result>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    guard let bytes = sqlite3_column_text(handle, column) else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    return body(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))))
  }

  /// Calls `body` with the bytes of a blob (or text) column of the current row.
  public func withBlob<Result>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    let count = Int(sqlite3_column_bytes(handle, column))
    guard let bytes = sqlite3_column_blob(handle, column), count > 0 else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    return body(UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt8.self), count: count))
  }

  private func failure(_ code: Int32) -> SQLiteError {
    SQLiteError(
      code: code, message: String(cString: sqlite3_errmsg(database)), context: sql,
      systemErrno: sqlite3_system_errno(database))
  }

  /// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the call returns.
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

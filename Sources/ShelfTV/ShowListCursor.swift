import ShelfStorage

/// The show list's rows in id order, stepped one at a time straight from the store's covering
/// index (`shows_rows`): a listing of 85,000 shows prints each row's bytes as SQLite holds them,
/// without making a `ShowRow` or a page of them. A read error ends the rows, as the end of the
/// list would (the listing has printed what it could).
public final class ShowListCursor {
  private let statement: SQLiteStatement

  init(database: SQLiteDatabase) throws {
    // A statement of its own (not the database's shared one): it stays open while the rows
    // are printed, and other reads may run meanwhile.
    statement = try database.ownStatement(
      "SELECT id, name, rating, genres FROM shows INDEXED BY shows_rows ORDER BY id")
    try statement.bind([])
  }

  /// Moves to the next row; false when there is none (or it cannot be read).
  public func next() -> Bool {
    (try? statement.step()) ?? false
  }

  public var id: Int { statement.int(0) }
  public var rating: Double? { statement.optionalDouble(2) }

  /// Calls `body` with the UTF-8 bytes of the row's name.
  public func withName<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    statement.withText(1, body)
  }

  /// Calls `body` with the UTF-8 bytes of the row's genres, joined by ", ".
  public func withGenres<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    statement.withText(3, body)
  }
}

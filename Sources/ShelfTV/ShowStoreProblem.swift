import ShelfStorage

/// Why a show store file that SQLite opened cannot be used as it is.
enum ShowStoreProblem: Error, Equatable {
  /// Something no shelf writes (a header byte, a schema version): rebuilding is the cure.
  case damaged(String)
  /// A schema from a newer shelf, which this one must not change.
  case newerSchema(DatabaseMigrator.Superseded)
}

/// A database's schema as a list of named steps (as GRDB's `DatabaseMigrator`): each step is
/// registered once under a name that never changes, runs once per database, and is recorded
/// there by name (the `migrations` table), so that a step added later, on any branch, is run
/// by name and never by its position in a list.
///
/// `migrate` runs the steps a database has not had, in the order they were registered, in one
/// transaction that takes the write lock first: two processes opening one database at once
/// run each step once. A database that records a step this code does not know was written by
/// a newer program and is left as it is (`Superseded`). A database from before names were
/// recorded says with `PRAGMA user_version` how many of the first steps it had
/// (`adoptsUserVersion`); `user_version` is kept equal to the number of steps run, so that
/// such an older program sees a newer file as newer.
public struct DatabaseMigrator: Sendable {
  /// One step: its name and what it does to the database.
  public struct Migration: Sendable {
    public let name: String
    let apply: @Sendable (SQLiteDatabase) throws -> Void
  }

  /// A database that records steps this code does not know: a newer program wrote it.
  public struct Superseded: Error, Equatable, Sendable {
    /// The unknown steps' names, in the order they ran.
    public let unknown: [String]
    /// How many steps the database records and how many this code knows.
    public let found: Int
    public let known: Int

    public init(unknown: [String], found: Int, known: Int) {
      self.unknown = unknown
      self.found = found
      self.known = known
    }
  }

  /// The name of the table that records the steps run.
  public static let table = "migrations"

  public private(set) var migrations: [Migration] = []
  /// Whether a database without the table counts its first `PRAGMA user_version` steps as run.
  public var adoptsUserVersion = false

  public init() {}

  /// Adds a step after those registered; `name` must be new.
  public mutating func registerMigration(
    _ name: String, _ apply: @escaping @Sendable (SQLiteDatabase) throws -> Void
  ) {
    precondition(!migrations.contains { $0.name == name }, "migration \(name) registered twice")
    migrations.append(Migration(name: name, apply: apply))
  }

  /// Adds a step that runs `sql` (one or more statements).
  public mutating func registerMigration(_ name: String, sql: String) {
    registerMigration(name) { try $0.execute(sql) }
  }

  /// The names of the steps the database has had, in the order they ran.
  public func appliedMigrations(_ database: SQLiteDatabase) throws -> [String] {
    guard try hasTable(database) else { return try adoptedNames(database) }
    return try database.statement("SELECT name FROM \(Self.table) ORDER BY rowid").rows {
      $0.text(0)
    }
  }

  /// True when every registered step has run (and none unknown is recorded).
  public func isCurrent(_ database: SQLiteDatabase) throws -> Bool {
    let applied = try appliedMigrations(database)
    try check(applied)
    return applied.count == migrations.count
  }

  /// Runs the steps the database has not had, then `completion` when any ran, all in one
  /// transaction; nothing when it is current. Throws `Superseded` for a newer database.
  /// `target` stops after the step of that name (a database as an earlier program left it).
  public func migrate(
    _ database: SQLiteDatabase, upTo target: String? = nil, completion: () throws -> Void = {}
  ) throws {
    let wanted = migrations.prefix(count(upTo: target))
    guard try !pending(in: wanted, database).isEmpty else { return }
    try database.transaction {
      // Read again under the write lock: another process may have migrated meanwhile.
      let applied = try appliedMigrations(database)
      let steps = try pending(in: wanted, database)
      guard !steps.isEmpty else { return }
      try database.execute(
        "CREATE TABLE IF NOT EXISTS \(Self.table)(name TEXT NOT NULL PRIMARY KEY)")
      let record = try database.statement("INSERT INTO \(Self.table)(name) VALUES (?1)")
      if try database.scalarInt("SELECT count(*) FROM \(Self.table)") == 0 {
        for name in applied { try record.run([.text(name)]) }
      }
      for migration in steps {
        try migration.apply(database)
        try record.run([.text(migration.name)])
      }
      try completion()
      try database.setUserVersion(applied.count + steps.count)
    }
  }

  /// The steps of `wanted` the database has not had, in order; throws `Superseded` when it
  /// records a step this code does not know.
  private func pending(in wanted: ArraySlice<Migration>, _ database: SQLiteDatabase) throws
    -> [Migration]
  {
    let applied = try appliedMigrations(database)
    try check(applied)
    let done = Set(applied)
    return wanted.filter { !done.contains($0.name) }
  }

  /// How many steps there are up to `target` and including it (all when nil).
  private func count(upTo target: String?) -> Int {
    guard let target else { return migrations.count }
    guard let index = migrations.firstIndex(where: { $0.name == target }) else {
      preconditionFailure("no migration named \(target)")
    }
    return index + 1
  }

  /// Throws `Superseded` when `applied` holds a step this code does not know (or more steps
  /// than it has, for a database counted by its version).
  private func check(_ applied: [String]) throws {
    let known = Set(migrations.map(\.name))
    let unknown = applied.filter { !known.contains($0) }
    guard unknown.isEmpty else {
      throw Superseded(unknown: unknown, found: applied.count, known: migrations.count)
    }
  }

  /// The first `user_version` steps' names for a database from before they were recorded;
  /// none when it does not count that way.
  private func adoptedNames(_ database: SQLiteDatabase) throws -> [String] {
    guard adoptsUserVersion else { return [] }
    let version = try database.userVersion()
    guard version > migrations.count else {
      return migrations.prefix(max(0, version)).map(\.name)
    }
    throw Superseded(unknown: [], found: version, known: migrations.count)
  }

  private func hasTable(_ database: SQLiteDatabase) throws -> Bool {
    try database.scalarInt(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1",
      [.text(Self.table)]) == 1
  }
}

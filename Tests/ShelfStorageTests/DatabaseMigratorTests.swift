import Foundation
import ShelfStorage
import ShelfTestSupport
import XCTest

final class DatabaseMigratorTests: XCTestCase {
  private var temporary: TemporaryDirectory!
  private var path: String { temporary.file("test.sqlite").path }

  override func setUpWithError() throws {
    temporary = try TemporaryDirectory()
  }

  override func tearDown() {
    temporary.remove()
  }

  /// Three steps, each adding a table (and a line to `log` saying it ran).
  private func migrator(_ names: [String] = ["one", "two", "three"]) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    for name in names {
      migrator.registerMigration(name) { database in
        try database.execute(
          """
          CREATE TABLE IF NOT EXISTS log(name TEXT NOT NULL);
          CREATE TABLE t_\(name)(x);
          INSERT INTO log(name) VALUES ('\(name)');
          """)
      }
    }
    return migrator
  }

  private func log(_ database: SQLiteDatabase) throws -> [String] {
    try database.statement("SELECT name FROM log ORDER BY rowid").rows { $0.text(0) }
  }

  private func tables(_ database: SQLiteDatabase) throws -> Set<String> {
    Set(
      try database.statement("SELECT name FROM sqlite_master WHERE type = 'table'").rows {
        $0.text(0)
      })
  }

  func testEachStepRunsOnceInOrderAndIsRecordedByName() throws {
    let database = try SQLiteDatabase(path: path)
    try migrator().migrate(database)
    try migrator().migrate(database)
    XCTAssertEqual(try log(database), ["one", "two", "three"])
    XCTAssertEqual(try migrator().appliedMigrations(database), ["one", "two", "three"])
    XCTAssertEqual(
      try database.statement("SELECT name FROM migrations ORDER BY name").rows { $0.text(0) },
      ["one", "three", "two"])
    XCTAssertEqual(try database.userVersion(), 3, "older programs compare user_version")
    XCTAssertTrue(try migrator().isCurrent(database))
  }

  func testAStepAddedLaterRunsAloneOnADatabaseThatHadTheOthers() throws {
    let database = try SQLiteDatabase(path: path)
    try migrator(["one", "two"]).migrate(database)
    XCTAssertFalse(try migrator().isCurrent(database))
    try migrator().migrate(database)
    XCTAssertEqual(try log(database), ["one", "two", "three"])
  }

  /// A step registered between two that ran (another branch's, merged) runs too: steps are
  /// found by name, not by position.
  func testAStepRegisteredBetweenTwoThatRanRunsByName() throws {
    let database = try SQLiteDatabase(path: path)
    try migrator(["one", "three"]).migrate(database)
    try migrator(["one", "two", "three"]).migrate(database)
    XCTAssertEqual(try log(database), ["one", "three", "two"])
    XCTAssertTrue(try migrator().isCurrent(database))
  }

  func testMigratingUpToAStepStopsThere() throws {
    let database = try SQLiteDatabase(path: path)
    try migrator().migrate(database, upTo: "two")
    XCTAssertEqual(try log(database), ["one", "two"])
    XCTAssertEqual(try database.userVersion(), 2)
  }

  /// A database that records a step this code does not know was written by a newer program:
  /// an error naming the step, and the database is left as it is.
  func testADatabaseWithAnUnknownStepIsSupersededAndLeftAlone() throws {
    let database = try SQLiteDatabase(path: path)
    try migrator(["one", "four"]).migrate(database)
    XCTAssertThrowsError(try migrator().migrate(database)) { error in
      XCTAssertEqual(
        error as? DatabaseMigrator.Superseded,
        DatabaseMigrator.Superseded(unknown: ["four"], found: 2, known: 3))
    }
    XCTAssertEqual(try log(database), ["one", "four"])
    XCTAssertFalse(try tables(database).contains("t_two"))
  }

  /// A step that fails leaves the database as it was: none of the steps of that migration
  /// and no record of them.
  func testAFailingStepLeavesTheDatabaseAsItWas() throws {
    let database = try SQLiteDatabase(path: path)
    try migrator(["one"]).migrate(database)
    var failing = migrator(["one", "two"])
    failing.registerMigration("broken", sql: "CREATE TABLE t_broken(x); SELECT * FROM nowhere")
    XCTAssertThrowsError(try failing.migrate(database)) { error in
      XCTAssertTrue("\(error)".contains("no such table: nowhere"), "\(error)")
    }
    XCTAssertEqual(try log(database), ["one"])
    XCTAssertEqual(try migrator().appliedMigrations(database), ["one"])
    XCTAssertFalse(try tables(database).contains("t_two"))
    XCTAssertFalse(try tables(database).contains("t_broken"))
  }

  /// A database from before steps were recorded by name counts them in `user_version`.
  func testADatabaseCountedByUserVersionAdoptsThatManyStepsByName() throws {
    let database = try SQLiteDatabase(path: path)
    try migrator(["one", "two"]).migrate(database)
    try database.execute("DROP TABLE migrations")
    var adopting = migrator()
    adopting.adoptsUserVersion = true
    XCTAssertEqual(try adopting.appliedMigrations(database), ["one", "two"])
    try adopting.migrate(database)
    XCTAssertEqual(try log(database), ["one", "two", "three"])
    XCTAssertEqual(try adopting.appliedMigrations(database), ["one", "two", "three"])
    XCTAssertEqual(try database.userVersion(), 3)
  }

  func testAUserVersionAboveTheStepsKnownIsSuperseded() throws {
    let database = try SQLiteDatabase(path: path)
    try database.setUserVersion(9)
    var adopting = migrator()
    adopting.adoptsUserVersion = true
    XCTAssertThrowsError(try adopting.migrate(database)) { error in
      XCTAssertEqual(
        error as? DatabaseMigrator.Superseded,
        DatabaseMigrator.Superseded(unknown: [], found: 9, known: 3))
    }
    XCTAssertEqual(try database.userVersion(), 9)
  }

  /// Two connections migrating one new file at once: each step runs once.
  func testTwoConnectionsMigratingAtOnceRunEachStepOnce() throws {
    let path = self.path
    let migrator = self.migrator()
    let failures = ErrorList()
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      do {
        try migrator.migrate(try SQLiteDatabase(path: path))
      } catch {
        failures.append("\(error)")
      }
    }
    XCTAssertEqual(failures.all, [])
    XCTAssertEqual(try log(SQLiteDatabase(path: path)), ["one", "two", "three"])
  }
}

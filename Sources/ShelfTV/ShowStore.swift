import Foundation
import ShelfDomain
import ShelfSearch
import ShelfStorage
import ShelfTerminal

/// The SQLite file that holds the show list: one row per show with its JSON and the columns
/// that listings and completion use, find's word index (`ShowWordIndex`), the episodes of
/// shows, and a `meta` table saying where the rows came from and how far a full pass got.
/// Its schema is `ShowStoreSchema`.
///
/// It only reads and writes rows; `ShowLibrary` decides what to fetch. Writes that belong
/// together are wrapped by the caller in `database.transaction`.
final class ShowStore {
  /// What writing one show did.
  enum Change { case new, updated, unchanged }

  let database: SQLiteDatabase
  /// Find's word index, kept up to date by every write.
  let words: ShowWordIndex
  /// The episodes of shows.
  let episodes: EpisodeTable

  /// Opens the file and brings its schema up to date. Throws `ShowStoreProblem` for a schema
  /// version no shelf writes or one newer than this code's.
  init(path: String) throws {
    database = try SQLiteDatabase(path: path)
    words = ShowWordIndex(database: database)
    episodes = EpisodeTable(database: database)
    // Switching a new file to WAL takes a lock that SQLite's busy handler does not wait for:
    // when another shell opens the same new file at the same moment, try again briefly.
    var attempt = 0
    while true {
      do {
        try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        break
      } catch let error as SQLiteError where error.isBusy && attempt < 100 {
        attempt += 1
        usleep(20_000)
      }
    }
    try migrate()
  }

  /// Runs the schema's steps the file has not had (`ShowStoreSchema`), then fills what SQL
  /// cannot: the display widths of rows written before `list-columns` and the words of shows
  /// waiting to be indexed.
  private func migrate() throws {
    let version = try database.userVersion()
    guard version >= 0 else { throw ShowStoreProblem.damaged("schema version \(version)") }
    do {
      try ShowStoreSchema.migrator.migrate(database) {
        try fillWidths()
        try words.indexPending()
      }
    } catch let superseded as DatabaseMigrator.Superseded {
      throw ShowStoreProblem.newerSchema(superseded)
    }
  }

  /// The display widths of rows written before `list-columns`.
  private func fillWidths() throws {
    let rows = try database.statement(
      "SELECT id, name, genres FROM shows WHERE name_width IS NULL"
    ).rows([]) { ($0.int(0), $0.text(1), $0.text(2)) }
    let update = try database.statement(
      "UPDATE shows SET name_width = ?2, genres_width = ?3 WHERE id = ?1")
    for (id, name, genres) in rows {
      try update.run([.int(id), .int(Self.width(name)), .int(Self.width(genres))])
    }
  }

  /// How many columns `text` takes once it is printed (sanitised).
  static func width(_ text: String) -> Int {
    DisplayWidth.of(TerminalText.sanitize(text))
  }

  // MARK: - Meta

  func meta(_ key: String) throws -> String? {
    try database.statement("SELECT value FROM meta WHERE key = ?1").firstRow([.text(key)]) {
      $0.text(0)
    }
  }

  /// Sets a meta value; nil removes it.
  func setMeta(_ key: String, _ value: String?) throws {
    if let value {
      try database.statement("INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)")
        .run([.text(key), .text(value)])
    } else {
      try database.statement("DELETE FROM meta WHERE key = ?1").run([.text(key)])
    }
  }

  // MARK: - Reading

  func count() throws -> Int {
    try database.scalarInt("SELECT count(*) FROM shows") ?? 0
  }

  func maxID() throws -> Int? {
    try database.scalarInt("SELECT max(id) FROM shows")
  }

  func show(id: Int) throws -> Show? {
    let data = try database.statement("SELECT json FROM shows WHERE id = ?1")
      .firstRow([.int(id)]) { $0.blob(0) }
    return try data.map(Self.decode)
  }

  /// Up to `limit` shows with an id above `afterID`, in id order.
  func shows(afterID: Int, limit: Int) throws -> [Show] {
    let blobs = try database.statement(
      "SELECT json FROM shows WHERE id > ?1 ORDER BY id LIMIT ?2"
    ).rows([.int(afterID), .int(limit)]) { $0.blob(0) }
    return try blobs.map(Self.decode)
  }

  private static let rowColumns = "id, name, rating, genres"

  static func row(_ statement: SQLiteStatement) -> ShowRow {
    ShowRow(
      id: statement.int(0), name: statement.text(1), rating: statement.optionalDouble(2),
      genres: statement.text(3))
  }

  /// Up to `limit` rows with an id above `afterID`, in id order.
  func rows(afterID: Int, limit: Int) throws -> [ShowRow] {
    try database.statement(
      "SELECT \(Self.rowColumns) FROM shows WHERE id > ?1 ORDER BY id LIMIT ?2"
    ).rows([.int(afterID), .int(limit)], Self.row)
  }

  /// Rows whose `column` (folded name or slug) starts with `prefix`, in that column's order.
  func rows(column: PrefixColumn, prefix: String, limit: Int) throws -> [ShowRow] {
    let name = column.rawValue
    return try database.statement(
      """
      SELECT \(Self.rowColumns) FROM shows WHERE \(name) >= ?1 AND \(name) < ?2
      ORDER BY \(name), id LIMIT ?3
      """
    ).rows([.text(prefix), .text(prefix + "\u{10FFFF}"), .int(limit)], Self.row)
  }

  enum PrefixColumn: String { case folded, slug }

  /// The row whose `column` is exactly `value`.
  func rows(column: PrefixColumn, equalTo value: String, limit: Int) throws -> [ShowRow] {
    try database.statement(
      "SELECT \(Self.rowColumns) FROM shows WHERE \(column.rawValue) = ?1 ORDER BY id LIMIT ?2"
    ).rows([.text(value), .int(limit)], Self.row)
  }

  /// The last row (in `column` order) whose column starts with `prefix`.
  func lastRow(column: PrefixColumn, prefix: String) throws -> ShowRow? {
    let name = column.rawValue
    return try database.statement(
      """
      SELECT \(Self.rowColumns) FROM shows WHERE \(name) >= ?1 AND \(name) < ?2
      ORDER BY \(name) DESC, id DESC LIMIT 1
      """
    ).firstRow([.text(prefix), .text(prefix + "\u{10FFFF}")], Self.row)
  }

  /// Rows with an id in `range`, in id order.
  func rows(ids range: ClosedRange<Int>, limit: Int) throws -> [ShowRow] {
    try database.statement(
      "SELECT \(Self.rowColumns) FROM shows WHERE id BETWEEN ?1 AND ?2 ORDER BY id LIMIT ?3"
    ).rows([.int(range.lowerBound), .int(range.upperBound), .int(limit)], Self.row)
  }

  /// The rows `query` keeps, in its order (reversed and cut by the caller).
  func rows(_ query: ShowListQuery) throws -> [ShowRow] {
    var (filter, values) = Self.filter(query)
    let order: String
    switch query.order {
    case .id: order = "id"
    case .name: order = "folded, id"
    case .rating: order = "rating IS NULL, rating DESC, folded, id"
    case .premiered: order = "premiered IS NULL, premiered, folded, id"
    }
    var limit = ""
    if let count = query.limit {
      values.append(.int(count))
      limit = " LIMIT ?\(values.count)"
    }
    // The listing's columns, or for the shows that fit a child their index of their own.
    let index = query.fitsChildren ? "" : " INDEXED BY shows_rows"
    return try database.statement(
      "SELECT \(Self.rowColumns) FROM shows\(index)\(filter) ORDER BY \(order)\(limit)"
    ).rows(values, Self.row)
  }

  /// How many shows `query`'s filters keep (its order and limit aside): for the shows that fit
  /// a child, from their index (a few thousand entries at 85,000 shows), else from the rows'.
  func count(_ query: ShowListQuery) throws -> Int {
    let (filter, values) = Self.filter(query)
    let index = query.fitsChildren ? "" : " INDEXED BY shows_rows"
    return try database.statement("SELECT count(*) FROM shows\(index)\(filter)")
      .firstRow(values) { $0.int(0) } ?? 0
  }

  /// The condition of the shows TVmaze files for children (`ChildrensShows`): one of its
  /// genres, whole and in any case, in the genres column. Constant text (no bound values), as
  /// the partial index `shows_for_children` must have it.
  static let childrensShows =
    "("
    + ChildrensShows.genres.map { "(', ' || genres || ',') LIKE '%, \($0),%'" }
    .joined(separator: " OR ") + ")"

  /// The WHERE clause of `query`'s filters, and the values it binds.
  private static func filter(_ query: ShowListQuery) -> (String, [SQLiteValue]) {
    var conditions: [String] = []
    var values: [SQLiteValue] = []
    func bind(_ value: SQLiteValue) -> String {
      values.append(value)
      return "?\(values.count)"
    }
    func hasGenre(_ genre: String) -> String {
      "(', ' || genres || ',') LIKE \(bind(.text("%, \(genre),%")))"
    }
    if let genre = query.genre { conditions.append(hasGenre(genre)) }
    // Written as the index `shows_for_children` is, which SQLite uses when the text is the same.
    if query.fitsChildren { conditions.append(childrensShows) }
    if let status = query.status {
      conditions.append("status = \(bind(.text(status))) COLLATE NOCASE")
    }
    if let language = query.language {
      conditions.append("language = \(bind(.text(language))) COLLATE NOCASE")
    }
    if let rating = query.rating {
      conditions.append(
        "rating BETWEEN \(bind(.real(rating.lowerBound))) AND \(bind(.real(rating.upperBound)))")
    }
    return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), values)
  }

  /// How wide the list's columns must be for every row: the largest id and the display widths
  /// of the longest name and genres.
  func listWidths() throws -> ShowListWidths {
    ShowListWidths(
      largestID: try maxID() ?? 0,
      name: try database.scalarInt("SELECT max(name_width) FROM shows") ?? 0,
      genres: try database.scalarInt("SELECT max(genres_width) FROM shows") ?? 0)
  }

  // MARK: - Writing

  /// Inserts the show or replaces the stored one, and says which it was; a show identical to
  /// the stored one is not written.
  @discardableResult
  func upsert(_ show: Show) throws -> Change {
    let json = try Self.encode(show)
    let stored = try database.statement("SELECT json FROM shows WHERE id = ?1")
      .firstRow([.int(show.id)]) { $0.blob(0) }
    if stored == json { return .unchanged }
    let genres = (show.genres ?? []).joined(separator: ", ")
    try database.statement(
      """
      INSERT INTO shows(id, name, folded, slug, updated, rating, genres, json, premiered,
        status, language, name_width, genres_width)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
      ON CONFLICT(id) DO UPDATE SET name = excluded.name, folded = excluded.folded,
        slug = excluded.slug, updated = excluded.updated, rating = excluded.rating,
        genres = excluded.genres, json = excluded.json,
        premiered = excluded.premiered, status = excluded.status,
        language = excluded.language, name_width = excluded.name_width,
        genres_width = excluded.genres_width
      """
    ).run([
      .int(show.id), .text(show.name), .text(SearchKey.name(show.name)),
      .text(SearchKey.slug(show.name)), .int(show.updated), .double(show.rating?.average),
      .text(genres), .blob(json),
      .string(show.premiered), .string(show.status), .string(show.language),
      .int(Self.width(show.name)), .int(Self.width(genres)),
    ])
    try words.indexPending()
    return stored == nil ? .new : .updated
  }

  /// The stored `updated` stamp of a show: nil when the show is not stored, `.some(nil)` when
  /// it is stored without one.
  func stamp(id: Int) throws -> Int?? {
    try database.statement("SELECT updated FROM shows WHERE id = ?1").firstRow([.int(id)]) {
      $0.optionalInt(0)
    }
  }

  func deleteAll() throws {
    try database.execute(
      """
      DELETE FROM shows; DELETE FROM show_postings; DELETE FROM show_words;
      DELETE FROM show_words_pending;
      """)
  }

  /// The rows of the shows with these ids, in id order (read from the listing's covering
  /// index, not from the pages that hold every show's JSON).
  func rows(ids: [Int]) throws -> [ShowRow] {
    let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
    return try database.statement(
      """
      SELECT \(Self.rowColumns) FROM shows INDEXED BY shows_rows
      WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY id
      """
    ).rows([.text(list)], Self.row)
  }

  /// The shows of `ids` that the store has, each with only its id, name, genres, status and
  /// runtimes: what counting watched time needs (`stats`). SQLite reads them out of each
  /// show's JSON, which is several times faster than decoding 50 whole shows in Swift.
  func briefShows(ids: [Int]) throws -> [Show] {
    let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
    return try database.statement(
      """
      SELECT id, json_extract(json, '$.name'), json_extract(json, '$.status'),
        json_extract(json, '$.runtime'), json_extract(json, '$.averageRuntime'),
        (SELECT group_concat(value, char(31)) FROM json_each(shows.json, '$.genres')
          WHERE type = 'text')
      FROM shows WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY id
      """
    ).rows([.text(list)]) { row in
      var show = Show(id: row.int(0), name: row.textIfText(1) ?? "")
      show.status = row.textIfText(2)
      show.runtime = row.integerIfInteger(3)
      show.averageRuntime = row.integerIfInteger(4)
      show.genres = row.textIfText(5).map { $0.split(separator: "\u{1F}").map(String.init) } ?? []
      return show
    }
  }

  // MARK: - Helpers

  static func encode(_ show: Show) throws -> Data {
    try JSONCoding.encoder().encode(show)
  }

  static func decode(_ data: Data) throws -> Show {
    try JSONDecoder().decode(Show.self, from: data)
  }
}

import Foundation
import ShelfCatalog
import ShelfTerminal

/// The SQLite file that holds the show list: one row per show with its JSON and the columns
/// that listings, completion and search use, two FTS5 indexes (name and genres, for `find`;
/// name, genres and summary, for text search), and
/// a `meta` table saying where the rows came from and how far a full pass got.
///
/// It only reads and writes rows; `ShowLibrary` decides what to fetch. Writes that belong
/// together are wrapped by the caller in `database.transaction`.
final class ShowStore {
  /// The schema this code writes; `PRAGMA user_version` holds the one the file has.
  static let schemaVersion = migrations.count

  /// The schema's steps: step N (1-based) brings a file from version N-1 to N. A later
  /// version (the episodes table) is added by appending a step; files are migrated on open.
  static let migrations: [String] = [
    """
    CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE shows(
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      folded TEXT NOT NULL,
      slug TEXT NOT NULL,
      updated INTEGER,
      rating REAL,
      genres TEXT NOT NULL,
      summary TEXT NOT NULL,
      json BLOB NOT NULL
    );
    CREATE INDEX shows_folded ON shows(folded);
    CREATE INDEX shows_slug ON shows(slug);
    CREATE VIRTUAL TABLE shows_text USING fts5(
      name, genres, summary, content='shows', content_rowid='id',
      tokenize='unicode61 remove_diacritics 2');
    CREATE VIRTUAL TABLE shows_title USING fts5(
      name, genres, content='shows', content_rowid='id',
      tokenize='unicode61 remove_diacritics 2', prefix='2 3');
    CREATE TRIGGER shows_text_insert AFTER INSERT ON shows BEGIN
      INSERT INTO shows_text(rowid, name, genres, summary)
      VALUES (new.id, new.name, new.genres, new.summary);
      INSERT INTO shows_title(rowid, name, genres) VALUES (new.id, new.name, new.genres);
    END;
    CREATE TRIGGER shows_text_delete AFTER DELETE ON shows BEGIN
      INSERT INTO shows_text(shows_text, rowid, name, genres, summary)
      VALUES ('delete', old.id, old.name, old.genres, old.summary);
      INSERT INTO shows_title(shows_title, rowid, name, genres)
      VALUES ('delete', old.id, old.name, old.genres);
    END;
    CREATE TRIGGER shows_text_update AFTER UPDATE ON shows BEGIN
      INSERT INTO shows_text(shows_text, rowid, name, genres, summary)
      VALUES ('delete', old.id, old.name, old.genres, old.summary);
      INSERT INTO shows_text(rowid, name, genres, summary)
      VALUES (new.id, new.name, new.genres, new.summary);
      INSERT INTO shows_title(shows_title, rowid, name, genres)
      VALUES ('delete', old.id, old.name, old.genres);
      INSERT INTO shows_title(rowid, name, genres) VALUES (new.id, new.name, new.genres);
    END;
    """,
    // 2: the episodes of shows, fetched on first use and kept with the show's stamp.
    """
    CREATE TABLE episodes(show_id INTEGER PRIMARY KEY, updated INTEGER, json BLOB NOT NULL);
    """,
    // 3: the listing's columns in an index of their own, so that reading every row (find's
    // word index, `ls /shows`) reads 4 MB instead of every show's JSON (180 MB at 85,000).
    """
    CREATE INDEX shows_rows ON shows(id, name, rating, genres);
    """,
    // 4: what lists sort and filter by (premiered, status, language) and the display widths
    // of the name and the genres, so that a table is laid out before its first row. The
    // widths of rows written before are filled in by `fillWidths` (display width is not
    // SQL's).
    """
    ALTER TABLE shows ADD COLUMN premiered TEXT;
    ALTER TABLE shows ADD COLUMN status TEXT;
    ALTER TABLE shows ADD COLUMN language TEXT;
    ALTER TABLE shows ADD COLUMN name_width INTEGER;
    ALTER TABLE shows ADD COLUMN genres_width INTEGER;
    UPDATE shows SET premiered = json_extract(CAST(json AS TEXT), '$.premiered'),
      status = json_extract(CAST(json AS TEXT), '$.status'),
      language = json_extract(CAST(json AS TEXT), '$.language');
    DROP INDEX shows_rows;
    CREATE INDEX shows_rows ON shows(
      id, name, rating, genres, folded, premiered, status, language);
    CREATE INDEX shows_name_width ON shows(name_width);
    CREATE INDEX shows_genres_width ON shows(genres_width);
    """,
    // 5: find's word index: the distinct folded words of every show's name and genres (the
    // vocabulary a typo scan reads) and the shows holding each. A show written without its
    // words (by this file's triggers: a new show, a new name or genres) waits in
    // `show_words_pending` until `indexPendingWords` has indexed it; while one waits, `find`
    // does not use the index (never a wrong answer).
    """
    CREATE TABLE show_words(id INTEGER PRIMARY KEY, word BLOB NOT NULL UNIQUE);
    CREATE TABLE show_postings(
      word INTEGER NOT NULL, show INTEGER NOT NULL, PRIMARY KEY(word, show)) WITHOUT ROWID;
    CREATE INDEX show_postings_show ON show_postings(show);
    CREATE TABLE show_words_pending(show INTEGER PRIMARY KEY);
    INSERT INTO show_words_pending(show) SELECT id FROM shows;
    CREATE TRIGGER show_words_insert AFTER INSERT ON shows BEGIN
      INSERT INTO show_words_pending(show) SELECT new.id
      WHERE NOT EXISTS (SELECT 1 FROM show_words_pending WHERE show = new.id);
    END;
    CREATE TRIGGER show_words_update AFTER UPDATE OF id, name, genres ON shows BEGIN
      INSERT INTO show_words_pending(show) SELECT new.id
      WHERE NOT EXISTS (SELECT 1 FROM show_words_pending WHERE show = new.id);
      INSERT INTO show_words_pending(show) SELECT old.id
      WHERE NOT EXISTS (SELECT 1 FROM show_words_pending WHERE show = old.id);
    END;
    CREATE TRIGGER show_words_delete AFTER DELETE ON shows BEGIN
      INSERT INTO show_words_pending(show) SELECT old.id
      WHERE NOT EXISTS (SELECT 1 FROM show_words_pending WHERE show = old.id);
    END;
    """,
    // 6: each posting carries what find prints, in find's order: the show's folded name
    // (`SearchKey.fold`, its UTF-8 bytes, which sort as find ranks ties) in the key, and its
    // name, rating and genres, so that one word's shows are read ranked from one stretch of
    // the file instead of one lookup each in `shows_rows`. A new rating reindexes the show
    // too. Every show is indexed again (its words wait in `show_words_pending`). The words
    // that are not numbers have an index of their own: what a scan for typos reads.
    """
    DROP TRIGGER show_words_update;
    DROP TABLE show_postings;
    CREATE TABLE show_postings(
      word INTEGER NOT NULL, key BLOB NOT NULL, show INTEGER NOT NULL, name TEXT NOT NULL,
      rating REAL, genres TEXT NOT NULL, PRIMARY KEY(word, key, show)) WITHOUT ROWID;
    CREATE INDEX show_postings_show ON show_postings(show);
    CREATE INDEX show_words_scanned ON show_words(id, word)
      WHERE CAST(word AS TEXT) GLOB '*[^0-9]*';
    DELETE FROM show_words;
    DELETE FROM show_words_pending;
    INSERT INTO show_words_pending(show) SELECT id FROM shows;
    CREATE TRIGGER show_words_update AFTER UPDATE OF id, name, genres, rating ON shows BEGIN
      INSERT INTO show_words_pending(show) SELECT new.id
      WHERE NOT EXISTS (SELECT 1 FROM show_words_pending WHERE show = new.id);
      INSERT INTO show_words_pending(show) SELECT old.id
      WHERE NOT EXISTS (SELECT 1 FROM show_words_pending WHERE show = old.id);
    END;
    """,
    // 7: the shows TVmaze files for children (`ChildrensShows`) in a partial index of their
    // own: with a child active, /shows counts them and `--fits` lists them without reading
    // every row (8,500 entries at 85,000 shows; counted in milliseconds instead of 70).
    "CREATE INDEX IF NOT EXISTS shows_for_children ON shows(id) WHERE \(childrensShows);",
  ]

  /// What writing one show did.
  enum Change { case new, updated, unchanged }

  let database: SQLiteDatabase

  /// Opens the file and brings its schema up to date. Throws `ShowStoreProblem` for a schema
  /// version no shelf writes or one newer than this code's.
  init(path: String) throws {
    database = try SQLiteDatabase(path: path)
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

  private func migrate() throws {
    let version = try database.userVersion()
    guard version >= 0 else { throw ShowStoreProblem.damaged("schema version \(version)") }
    guard version < Self.schemaVersion else {
      if version > Self.schemaVersion {
        throw ShowStoreProblem.newerSchema(found: version, known: Self.schemaVersion)
      }
      return
    }
    try database.transaction {
      // Read again under the write lock: another shell may have migrated meanwhile.
      let version = try database.userVersion()
      for step in Self.migrations.dropFirst(version) { try database.execute(step) }
      try fillWidths()
      try indexPendingWords()
      try database.setUserVersion(Self.schemaVersion)
    }
  }

  /// The display widths of rows written before schema 4.
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

  /// Indexes the words of the shows waiting in `show_words_pending` (written since their
  /// words were indexed): their postings replaced, words no show holds any more removed.
  func indexPendingWords() throws {
    let pending = try database.statement("SELECT show FROM show_words_pending ORDER BY show")
      .rows([]) { $0.int(0) }
    guard !pending.isEmpty else { return }
    let row = try database.statement("SELECT name, genres, rating FROM shows WHERE id = ?1")
    let oldWords = try database.statement("SELECT word FROM show_postings WHERE show = ?1")
    let dropPostings = try database.statement("DELETE FROM show_postings WHERE show = ?1")
    let addWord = try database.statement("INSERT OR IGNORE INTO show_words(word) VALUES (?1)")
    let wordID = try database.statement("SELECT id FROM show_words WHERE word = ?1")
    let addPosting = try database.statement(
      """
      INSERT OR IGNORE INTO show_postings(word, key, show, name, rating, genres)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6)
      """)
    let dropUnused = try database.statement(
      "DELETE FROM show_words WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM show_postings WHERE word = ?1)"
    )
    for show in pending {
      let old = Set(try oldWords.rows([.int(show)]) { $0.int(0) })
      try dropPostings.run([.int(show)])
      var new: Set<Int> = []
      if let (name, genres, rating) = try row.firstRow(
        [.int(show)], { ($0.text(0), $0.text(1), $0.optionalDouble(2)) })
      {
        let key = SQLiteValue.blob(Data(SearchKey.fold(name).utf8))
        // The texts `find` matches: the name and the genres (", " separates their words).
        for word in Set(SearchKey.words(in: name) + SearchKey.words(in: genres)) {
          let bytes = SQLiteValue.blob(Data(word))
          try addWord.run([bytes])
          guard let id = try wordID.firstRow([bytes], { $0.int(0) }) else { continue }
          try addPosting.run([
            .int(id), key, .int(show), .text(name), .double(rating), .text(genres),
          ])
          new.insert(id)
        }
      }
      for id in old.subtracting(new) { try dropUnused.run([.int(id)]) }
    }
    try database.execute("DELETE FROM show_words_pending")
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

  private static func row(_ statement: SQLiteStatement) -> ShowRow {
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

  /// The full-text indexes: `title` holds name and genres (small, so that `find` is fast
  /// on common words), `text` adds the summary.
  enum TextIndex: String { case title = "shows_title", text = "shows_text" }

  /// Rows matching an FTS5 query on `index`, in id order.
  func rows(matching query: String, in index: TextIndex, limit: Int) throws -> [ShowRow] {
    let table = index.rawValue
    return try database.statement(
      """
      SELECT \(Self.rowColumns) FROM shows
      WHERE id IN (SELECT rowid FROM \(table) WHERE \(table) MATCH ?1)
      ORDER BY id LIMIT ?2
      """
    ).rows([.text(query), .int(limit)], Self.row)
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
      INSERT INTO shows(id, name, folded, slug, updated, rating, genres, summary, json,
        premiered, status, language, name_width, genres_width)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
      ON CONFLICT(id) DO UPDATE SET name = excluded.name, folded = excluded.folded,
        slug = excluded.slug, updated = excluded.updated, rating = excluded.rating,
        genres = excluded.genres, summary = excluded.summary, json = excluded.json,
        premiered = excluded.premiered, status = excluded.status,
        language = excluded.language, name_width = excluded.name_width,
        genres_width = excluded.genres_width
      """
    ).run([
      .int(show.id), .text(show.name), .text(SearchKey.name(show.name)),
      .text(SearchKey.slug(show.name)), .int(show.updated), .double(show.rating?.average),
      .text(genres), .text(Self.plainText(show.summary ?? "")), .blob(json),
      .string(show.premiered), .string(show.status), .string(show.language),
      .int(Self.width(show.name)), .int(Self.width(genres)),
    ])
    try indexPendingWords()
    return stored == nil ? .new : .updated
  }

  /// The stored `updated` stamp of a show: nil when the show is not stored, `.some(nil)` when
  /// it is stored without one.
  func stamp(id: Int) throws -> Int?? {
    try database.statement("SELECT updated FROM shows WHERE id = ?1").firstRow([.int(id)]) {
      $0.optionalInt(0)
    }
  }

  /// A show's kept episodes (JSON) and the show's stamp when they were fetched.
  func episodes(showID: Int) throws -> (updated: Int?, json: Data)? {
    try database.statement("SELECT updated, json FROM episodes WHERE show_id = ?1").firstRow(
      [.int(showID)]
    ) { ($0.optionalInt(0), $0.blob(1)) }
  }

  func setEpisodes(showID: Int, updated: Int?, json: Data) throws {
    try database.statement(
      "INSERT OR REPLACE INTO episodes(show_id, updated, json) VALUES (?1, ?2, ?3)"
    ).run([.int(showID), .int(updated), .blob(json)])
  }

  func deleteAll() throws {
    try database.execute(
      """
      DELETE FROM shows; DELETE FROM show_postings; DELETE FROM show_words;
      DELETE FROM show_words_pending;
      """)
  }

  // MARK: - Find's word index

  /// True when every show's words are indexed (none waits in `show_words_pending`).
  func wordsAreIndexed() throws -> Bool {
    try database.scalarInt("SELECT EXISTS (SELECT 1 FROM show_words_pending)") == 0
  }

  /// Every indexed word that is not a number: what a scan for prefixes, substrings and typos
  /// reads.
  func vocabulary() throws -> WordVocabulary {
    var vocabulary = WordVocabulary()
    try database.statement(
      """
      SELECT id, word FROM show_words INDEXED BY show_words_scanned
      WHERE CAST(word AS TEXT) GLOB '*[^0-9]*'
      """
    ).forEachRow([]) { row in
      row.withBlob(1) { vocabulary.append(number: row.int(0), word: $0) }
    }
    return vocabulary
  }

  /// The number of the word, when some show holds it.
  func wordID(_ word: [UInt8]) throws -> Int? {
    try database.statement("SELECT id FROM show_words WHERE word = ?1").firstRow(
      [.blob(Data(word))]
    ) { $0.int(0) }
  }

  /// The shows holding word `id` (in the postings' order: by folded name).
  func shows(holdingWord id: Int) throws -> [Int] {
    try database.statement("SELECT show FROM show_postings WHERE word = ?1").rows([.int(id)]) {
      $0.int(0)
    }
  }

  /// Calls `body` with the row of each show holding word `id` and the bytes of its folded
  /// name, in the order find ranks ties: by folded name, then id (the postings' own order,
  /// read from one stretch of the file).
  func forEachShow(
    holdingWord id: Int, _ body: (ShowRow, UnsafeBufferPointer<UInt8>) -> Void
  ) throws {
    try database.statement(
      """
      SELECT show, name, rating, genres, key FROM show_postings WHERE word = ?1
      ORDER BY key, show
      """
    ).forEachRow([.int(id)]) { statement in
      let row = Self.row(statement)
      statement.withBlob(4) { body(row, $0) }
    }
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

  /// The text of an HTML summary for the search index: tags dropped, entities left as they
  /// are (the tokenizer ignores their punctuation).
  static func plainText(_ html: String) -> String {
    // Byte by byte: `<` and `>` never occur inside a multi-byte UTF-8 sequence.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(html.utf8.count)
    var inTag = false
    for byte in html.utf8 {
      switch byte {
      case UInt8(ascii: "<"): inTag = true
      case UInt8(ascii: ">") where inTag:
        inTag = false
        bytes.append(UInt8(ascii: " "))
      default: if !inTag { bytes.append(byte) }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

}

import Foundation
import ShelfDomain
import ShelfStorage

/// The show store's schema: its named steps (`DatabaseMigrator`), each run once per file and
/// recorded there by name. A step is never changed once released; a change of schema is a
/// new step at the end. Files from before the steps had names count theirs by
/// `PRAGMA user_version` (1 to 6).
enum ShowStoreSchema {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.adoptsUserVersion = true
    migrator.registerMigration("shows", sql: shows)
    // The episodes of shows, fetched on first use and kept with the show's stamp.
    migrator.registerMigration(
      "episodes",
      sql: "CREATE TABLE episodes(show_id INTEGER PRIMARY KEY, updated INTEGER, json BLOB NOT NULL)"
    )
    // The listing's columns in an index of their own, so that reading every row (find's word
    // index, `ls /shows`) reads 4 MB instead of every show's JSON (180 MB at 85,000).
    migrator.registerMigration(
      "listing-index", sql: "CREATE INDEX shows_rows ON shows(id, name, rating, genres)")
    migrator.registerMigration("list-columns", sql: listColumns)
    migrator.registerMigration("word-index", sql: wordIndex)
    migrator.registerMigration("ranked-postings", sql: rankedPostings)
    migrator.registerMigration("no-text-search", sql: noTextSearch)
    migrator.registerMigration("episode-rows", moveToEpisodeRows)
    // The shows TVmaze files for children (`ChildrensShows`) in a partial index of their own:
    // with a child active, /shows counts them and `--fits` lists them without reading every row
    // (8,500 entries at 85,000 shows, counted in milliseconds instead of 70).
    migrator.registerMigration(
      "children-index",
      sql:
        "CREATE INDEX IF NOT EXISTS shows_for_children ON shows(id) WHERE \(ShowStore.childrensShows)"
    )
    return migrator
  }

  /// How many steps this code knows (what `PRAGMA user_version` is set to).
  static var version: Int { migrator.migrations.count }

  /// The shows with the columns listings, completion and search use, two full-text indexes
  /// that no command came to read (dropped by `no-text-search`), and `meta`.
  private static let shows = """
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
    """

  /// What lists sort and filter by (premiered, status, language) and the display widths of
  /// the name and the genres, so that a table is laid out before its first row. The widths of
  /// rows written before are filled in by `ShowStore.fillWidths` (display width is not SQL's).
  private static let listColumns = """
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
    """

  /// Find's word index: the distinct folded words of every show's name and genres (the
  /// vocabulary a typo scan reads) and the shows holding each. A show written without its
  /// words (by the triggers: a new show, a new name or genres) waits in `show_words_pending`
  /// until `ShowWordIndex.indexPending` has indexed it; while one waits, `find` does not use
  /// the index (never a wrong answer).
  private static let wordIndex = """
    CREATE TABLE show_words(id INTEGER PRIMARY KEY, word BLOB NOT NULL UNIQUE);
    CREATE TABLE show_postings(
      word INTEGER NOT NULL, show INTEGER NOT NULL, PRIMARY KEY(word, show)) WITHOUT ROWID;
    CREATE INDEX show_postings_show ON show_postings(show);
    CREATE TABLE show_words_pending(show INTEGER PRIMARY KEY);
    INSERT INTO show_words_pending(show) SELECT id FROM shows;
    \(wordTriggers(updatedColumns: "id, name, genres"))
    """

  /// Each posting carries what find prints, in find's order: the show's folded name
  /// (`SearchKey.fold`, its UTF-8 bytes, which sort as find ranks ties) in the key, and its
  /// name, rating and genres, so that one word's shows are read ranked from one stretch of the
  /// file instead of one lookup each in `shows_rows`. A new rating reindexes the show too.
  /// Every show is indexed again. The words that are not numbers have an index of their own:
  /// what a scan for typos reads.
  private static let rankedPostings = """
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
    \(updateTrigger(columns: "id, name, genres, rating"))
    """

  /// The two full-text indexes and their triggers go (every write filled them; no command
  /// read them), and with them the summaries' plain text they were made from: the table is
  /// made again without that column (`ALTER TABLE … DROP COLUMN` needs SQLite 3.35), with
  /// its indexes and the word index's triggers.
  private static let noTextSearch = """
    DROP TRIGGER IF EXISTS shows_text_insert;
    DROP TRIGGER IF EXISTS shows_text_delete;
    DROP TRIGGER IF EXISTS shows_text_update;
    DROP TABLE IF EXISTS shows_text;
    DROP TABLE IF EXISTS shows_title;
    CREATE TABLE shows_new(
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      folded TEXT NOT NULL,
      slug TEXT NOT NULL,
      updated INTEGER,
      rating REAL,
      genres TEXT NOT NULL,
      json BLOB NOT NULL,
      premiered TEXT,
      status TEXT,
      language TEXT,
      name_width INTEGER,
      genres_width INTEGER
    );
    INSERT INTO shows_new(id, name, folded, slug, updated, rating, genres, json, premiered,
      status, language, name_width, genres_width)
    SELECT id, name, folded, slug, updated, rating, genres, json, premiered, status, language,
      name_width, genres_width FROM shows;
    DROP TABLE shows;
    ALTER TABLE shows_new RENAME TO shows;
    CREATE INDEX shows_folded ON shows(folded);
    CREATE INDEX shows_slug ON shows(slug);
    CREATE INDEX shows_rows ON shows(
      id, name, rating, genres, folded, premiered, status, language);
    CREATE INDEX shows_name_width ON shows(name_width);
    CREATE INDEX shows_genres_width ON shows(genres_width);
    \(wordTriggers(updatedColumns: "id, name, genres, rating"))
    """

  /// The episodes one row each (`EpisodeTable`), and for each show's list its stamp, the saved
  /// file it was read from and its outlines (`EpisodeOutlineRecords`). The lists kept as one
  /// JSON array each are moved over (one that does not decode is dropped: it is fetched again
  /// when needed).
  @Sendable private static func moveToEpisodeRows(_ database: SQLiteDatabase) throws {
    try database.execute(
      """
      CREATE TABLE episode_lists(
        show_id INTEGER PRIMARY KEY, updated INTEGER, source BLOB, outlines BLOB);
      CREATE TABLE episode_rows(
        show_id INTEGER NOT NULL, position INTEGER NOT NULL, json BLOB NOT NULL,
        UNIQUE(show_id, position));
      """)
    let lists = try database.statement("SELECT show_id, updated, json FROM episodes").rows {
      ($0.int(0), $0.optionalInt(1), $0.blob(2))
    }
    let table = EpisodeTable(database: database)
    for (showID, updated, json) in lists {
      guard let episodes = try? JSONDecoder().decode([Episode].self, from: json) else { continue }
      try table.replace(showID: showID, updated: updated, episodes: episodes, source: nil)
    }
    try database.execute("DROP TABLE episodes")
  }

  /// The triggers that put a show whose words may have changed in `show_words_pending`.
  private static func wordTriggers(updatedColumns: String) -> String {
    """
    CREATE TRIGGER show_words_insert AFTER INSERT ON shows BEGIN
      INSERT INTO show_words_pending(show) SELECT new.id
      WHERE NOT EXISTS (SELECT 1 FROM show_words_pending WHERE show = new.id);
    END;
    \(updateTrigger(columns: updatedColumns))
    CREATE TRIGGER show_words_delete AFTER DELETE ON shows BEGIN
      INSERT INTO show_words_pending(show) SELECT old.id
      WHERE NOT EXISTS (SELECT 1 FROM show_words_pending WHERE show = old.id);
    END;
    """
  }

  private static func updateTrigger(columns: String) -> String {
    """
    CREATE TRIGGER show_words_update AFTER UPDATE OF \(columns) ON shows BEGIN
      INSERT INTO show_words_pending(show) SELECT new.id
      WHERE NOT EXISTS (SELECT 1 FROM show_words_pending WHERE show = new.id);
      INSERT INTO show_words_pending(show) SELECT old.id
      WHERE NOT EXISTS (SELECT 1 FROM show_words_pending WHERE show = old.id);
    END;
    """
  }
}

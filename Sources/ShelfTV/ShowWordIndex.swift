import Foundation
import ShelfSearch
import ShelfStorage

/// `find`'s word index in the show store (`word-index` and `ranked-postings` in
/// `ShowStoreSchema`): the distinct folded words of every show's name and genres, and for
/// each the shows holding it, ranked as find ranks ties and carrying the rows find prints. A
/// show written since its words were indexed waits in `show_words_pending`; `find` does not
/// use the index while one waits.
struct ShowWordIndex {
  let database: SQLiteDatabase

  /// Indexes the words of the shows waiting in `show_words_pending` (written since their
  /// words were indexed): their postings replaced, words no show holds any more removed.
  func indexPending() throws {
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

  /// True when every show's words are indexed (none waits in `show_words_pending`).
  func isComplete() throws -> Bool {
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

  /// Calls `body` with the row of each show holding any of `words` and the word it holds, in
  /// the order find ranks ties: by folded name, then id (one word's postings are one stretch
  /// of the file, in that order; SQLite merges several). A show holding two of the words
  /// comes once for each, one after the other.
  func forEachShow(holdingAnyOf words: [Int], _ body: (ShowRow, Int) -> Void) throws {
    if words.count == 1 {
      try database.statement(
        "SELECT show, name, rating, genres FROM show_postings WHERE word = ?1 ORDER BY key, show"
      ).forEachRow([.int(words[0])]) { body(ShowStore.row($0), words[0]) }
      return
    }
    let list = "[" + words.map(String.init).joined(separator: ",") + "]"
    try database.statement(
      """
      SELECT show, name, rating, genres, word FROM show_postings
      WHERE word IN (SELECT value FROM json_each(?1)) ORDER BY key, show
      """
    ).forEachRow([.text(list)]) { body(ShowStore.row($0), $0.int(4)) }
  }

  /// The shows matching every word of `terms` (folded), each the word itself or one of
  /// `vocabulary` that starts with it, contains it or is a typo of it: best tier first, ties
  /// by folded name, then id, as the catalog's find ranks them. Reads the postings of the
  /// words matched, which carry the shows' rows in that order of ties, never every show.
  func find(_ terms: [[UInt8]], in vocabulary: WordVocabulary) throws -> [ShowMatch] {
    var termWords: [[(word: Int, tier: MatchTier)]] = []
    for term in terms {
      let exact = try wordID(term)
      let words =
        (exact.map { [($0, MatchTier.exact)] } ?? [])
        + vocabulary.matches(term, exact: exact).map { ($0.number, $0.tier) }
      if words.isEmpty { return [] }
      termWords.append(words)
    }
    // The first term's shows in the order of ties, each with its tier for that term; every
    // other term keeps the shows it matches too, at the worse of the two tiers.
    var found = try showsByName(holding: termWords[0])
    for words in termWords.dropFirst() {
      var tiers: [Int: MatchTier] = [:]
      for (word, tier) in words {
        for show in try shows(holdingWord: word) {
          tiers[show] = min(tiers[show] ?? tier, tier)
        }
      }
      found = found.compactMap { match in
        tiers[match.row.id].map { ShowMatch(row: match.row, tier: max(match.tier, $0)) }
      }
      if found.isEmpty { return [] }
    }
    // Best tier first; within a tier the order of ties is kept (each match copied once).
    if zip(found, found.dropFirst()).allSatisfy({ $0.tier <= $1.tier }) { return found }
    var ranked: [ShowMatch] = []
    ranked.reserveCapacity(found.count)
    for tier in MatchTier.allCases {
      for match in found where match.tier == tier { ranked.append(match) }
    }
    return ranked
  }

  /// The shows holding any of `words`, each with the best tier among the words it holds, by
  /// folded name, then id.
  private func showsByName(holding words: [(word: Int, tier: MatchTier)]) throws -> [ShowMatch] {
    let tiers = Dictionary(words.map { ($0.word, $0.tier) }) { first, second in min(first, second) }
    var found: [ShowMatch] = []
    try forEachShow(holdingAnyOf: Array(tiers.keys)) { row, word in
      let tier = tiers[word] ?? .typo
      // A show holding two of the words comes twice in a row: it keeps its best tier.
      if let last = found.last, last.row.id == row.id {
        if tier < last.tier { found[found.count - 1] = ShowMatch(row: row, tier: tier) }
        return
      }
      found.append(ShowMatch(row: row, tier: tier))
    }
    return found
  }
}

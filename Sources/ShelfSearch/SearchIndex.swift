import ShelfStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The inverted word index `find` searches: every folded word of every item's fields, with the
/// positions of the items holding it, and each item's rank in name order for ties. Built once
/// per load (on the first search of a kind); a search looks words up instead of scanning items.
public struct SearchIndex: Sendable {
  /// What the index is made of, as the index file keeps it.
  public struct Parts: Sendable {
    public var words: WordColumns
    /// The items holding word `n` are `postings[postingStarts[n]..<postingStarts[n + 1]]`,
    /// ascending.
    public var postingStarts: Column<Int32>
    public var postings: Column<Int32>
    /// The words that are not all digits: the ones a non-exact match scans, with their bytes
    /// one after another (word `otherWords[i]` is `otherWordBytes[otherWordOffsets[i]..<
    /// otherWordOffsets[i + 1]]`), so that the scan reads only them.
    public var otherWords: Column<Int32>
    public var otherWordBytes: Column<UInt8>
    public var otherWordOffsets: Column<Int32>
    /// The letters each of `otherWords` holds (see `letters(of:)`): a word lacking more of
    /// the query's letters than a typo allows is passed over without computing its distance.
    public var otherWordLetters: Column<UInt64>
    /// Each item's place in the order of folded names, and the items in that order.
    public var nameRanks: Column<Int32>
    public var nameOrder: Column<Int32>

    public init(
      words: WordColumns, postingStarts: Column<Int32>, postings: Column<Int32>,
      otherWords: Column<Int32>, otherWordBytes: Column<UInt8>, otherWordOffsets: Column<Int32>,
      otherWordLetters: Column<UInt64>, nameRanks: Column<Int32>, nameOrder: Column<Int32>
    ) {
      self.words = words
      self.postingStarts = postingStarts
      self.postings = postings
      self.otherWords = otherWords
      self.otherWordBytes = otherWordBytes
      self.otherWordOffsets = otherWordOffsets
      self.otherWordLetters = otherWordLetters
      self.nameRanks = nameRanks
      self.nameOrder = nameOrder
    }
  }

  public let count: Int
  public let parts: Parts
  private var words: WordColumns { parts.words }
  private var postingStarts: Column<Int32> { parts.postingStarts }
  private var postings: Column<Int32> { parts.postings }
  private var otherWords: Column<Int32> { parts.otherWords }
  private var otherWordLetters: Column<UInt64> { parts.otherWordLetters }
  private var otherWordBytes: Column<UInt8> { parts.otherWordBytes }
  private var otherWordOffsets: Column<Int32> { parts.otherWordOffsets }
  private var nameRanks: Column<Int32> { parts.nameRanks }
  private var nameOrder: Column<Int32> { parts.nameOrder }

  /// An index read from the catalog's index file; nil when its parts do not fit together.
  public init?(count: Int, parts: Parts) {
    guard parts.postingStarts.count == parts.words.count + 1,
      parts.otherWords.count == parts.otherWordLetters.count,
      parts.otherWordOffsets.count == parts.otherWords.count + 1,
      parts.nameRanks.count == count, parts.nameOrder.count == count
    else { return nil }
    self.count = count
    self.parts = parts
  }

  /// Indexes `count` items; `fields(i)` are the texts item `i` is found by, `name(i)` its name.
  /// Each item's texts are read once (the lists given this way hold up to 85,000 shows, whose
  /// words are kept while the index is built).
  public init(count: Int, fields: (Int) -> [String], name: (Int) -> String) {
    self.init(
      count: count,
      forEachText: { item, body in
        for var field in fields(item) { field.withUTF8(body) }
      },
      withName: { item, body in
        var text = name(item)
        text.withUTF8(body)
      }, readingTextsTwice: false)
  }

  /// Indexes `count` items straight from their UTF-8 bytes: `forEachText(i, body)` calls
  /// `body` with each text item `i` is found by, `withName(i, body)` with its name.
  ///
  /// `readingTextsTwice` (the catalog, up to 1,000,000 items) reads the texts in two passes,
  /// so that no list of every item's words is held (it would be as large as the postings): the
  /// first numbers the words and counts their items, the second places each item in its
  /// words' postings. Otherwise the first pass keeps each item's word numbers for the second.
  public init(
    count: Int, forEachText: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void,
    withName: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void, readingTextsTwice: Bool = true
  ) {
    self.count = count
    // The name order first, while nothing else of the index is in memory.
    let nameOrder = Self.nameOrder(count: count, withName: withName)
    var table = WordTable()
    var lastItem: [Int32] = []
    var starts: [Int32] = [0]
    var itemWords: [Int32] = []
    var itemStarts: [Int32] = []
    if !readingTextsTwice { itemStarts.reserveCapacity(count + 1) }
    for item in 0..<count {
      if !readingTextsTwice { itemStarts.append(Int32(itemWords.count)) }
      forEachText(item) { text in
        SearchKey.forEachWord(inUTF8: text) { word in
          let number = table.insert(word)
          if number == lastItem.count {
            lastItem.append(-1)
            starts.append(0)
          }
          guard lastItem[number] != Int32(item) else { return }
          lastItem[number] = Int32(item)
          starts[number + 1] += 1
          if !readingTextsTwice { itemWords.append(Int32(number)) }
        }
      }
    }
    itemStarts.append(Int32(itemWords.count))
    for index in 0..<table.count { starts[index + 1] += starts[index] }
    var fill = starts
    var postings = [Int32](repeating: 0, count: Int(starts[table.count]))
    func place(_ number: Int, _ item: Int) {
      postings[Int(fill[number])] = Int32(item)
      fill[number] += 1
    }
    if readingTextsTwice {
      for index in lastItem.indices { lastItem[index] = -1 }
      for item in 0..<count {
        forEachText(item) { text in
          SearchKey.forEachWord(inUTF8: text) { word in
            guard let number = table.number(of: word), lastItem[number] != Int32(item) else {
              return
            }
            lastItem[number] = Int32(item)
            place(number, item)
          }
        }
      }
    } else {
      for item in 0..<count {
        for index in Int(itemStarts[item])..<Int(itemStarts[item + 1]) {
          place(Int(itemWords[index]), item)
        }
      }
    }
    var otherWords: [Int32] = []
    var otherWordBytes: [UInt8] = []
    var otherWordOffsets: [Int32] = [0]
    for number in 0..<table.count
    where !table.word(number).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
      otherWords.append(Int32(number))
      otherWordBytes += table.word(number)
      otherWordOffsets.append(Int32(otherWordBytes.count))
    }
    var ranks = [Int32](repeating: 0, count: count)
    for (rank, item) in nameOrder.enumerated() { ranks[Int(item)] = Int32(rank) }
    parts = Parts(
      words: WordColumns(table), postingStarts: Column(starts), postings: Column(postings),
      otherWords: Column(otherWords), otherWordBytes: Column(otherWordBytes),
      otherWordOffsets: Column(otherWordOffsets),
      otherWordLetters: Column(otherWords.map { table.withWord(Int($0), Self.letters) }),
      nameRanks: Column(ranks), nameOrder: Column(nameOrder))
  }

  /// The items in the order of their folded names.
  public static func nameOrder(
    count: Int, withName: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
  ) -> [Int32] {
    var names = PackedKeys()
    names.reserveCapacity(keys: count, bytes: count * 24)
    for item in 0..<count { withName(item) { SearchKey.appendFolded($0, to: &names) } }
    return names.sortedPositions()
  }

  /// The items matching every word of `text` (folded as the index is) for which `include`
  /// holds, best tier first, ties in name order. Empty text matches every item.
  public func search(_ text: String, where include: ((Int) -> Bool)? = nil) -> [Match] {
    let terms = SearchKey.words(in: text)
    var tiers = [UInt8](repeating: Self.unmatched, count: count)
    var candidates: [Int32]
    if terms.isEmpty {
      candidates = (0..<count).map(Int32.init)
      tiers = [UInt8](repeating: 0, count: count)
    } else {
      candidates = []
      var termTiers = [UInt8](repeating: Self.unmatched, count: count)
      for (index, term) in terms.enumerated() {
        var touched: [Int32] = []
        for (number, tier) in matchingWords(term) {
          let start = Int(postingStarts[number])
          let end = Int(postingStarts[number + 1])
          guard 0 <= start, start <= end, end <= postings.count else { continue }
          postings.withBuffer(start..<end) { found in
            for posting in found where posting >= 0 && Int(posting) < count {
              let item = Int(posting)
              if termTiers[item] == Self.unmatched { touched.append(posting) }
              termTiers[item] = min(termTiers[item], UInt8(tier.rawValue))
            }
          }
        }
        if index == 0 {
          candidates = touched
          for item in touched { tiers[Int(item)] = termTiers[Int(item)] }
        } else {
          candidates = candidates.filter { termTiers[Int($0)] != Self.unmatched }
          for item in candidates { tiers[Int(item)] = max(tiers[Int(item)], termTiers[Int(item)]) }
        }
        for item in touched { termTiers[Int(item)] = Self.unmatched }
        if candidates.isEmpty { return [] }
      }
    }
    let kept = include.map { include in candidates.filter { include(Int($0)) } } ?? candidates
    return ordered(kept, tiers: tiers)
  }

  /// `kept` best tier first, ties in name order.
  private func ordered(_ kept: [Int32], tiers: [UInt8]) -> [Match] {
    // Many matches (a common word among 1,000,000 items): one pass over the name order puts
    // them in order, faster than sorting them (and reads no rank).
    if kept.count * 16 > count {
      var tierOf = [UInt8](repeating: Self.unmatched, count: count)
      var tierCounts = [Int](repeating: 0, count: MatchTier.allCases.count)
      for item in kept {
        let tier = tiers[Int(item)]
        tierOf[Int(item)] = tier
        tierCounts[Int(tier)] += 1
      }
      // Where each tier's matches start in the result, which is filled in one pass.
      var next = [Int](repeating: 0, count: tierCounts.count)
      for tier in 1..<tierCounts.count { next[tier] = next[tier - 1] + tierCounts[tier - 1] }
      let tierValues = MatchTier.allCases
      return nameOrder.withBuffer { nameOrder in
        [Match](unsafeUninitializedCapacity: kept.count) { buffer, initialized in
          guard let base = buffer.baseAddress else { return }
          for position in nameOrder {
            let item = Int(position)
            guard 0 <= item, item < tierOf.count, tierOf[item] != Self.unmatched,
              initialized < kept.count
            else { continue }
            let tier = Int(tierOf[item])
            tierOf[item] = Self.unmatched
            (base + next[tier]).initialize(to: Match(position: item, tier: tierValues[tier]))
            next[tier] += 1
            initialized += 1
          }
        }
      }
    }
    // Sorted as integers: the tier in the high half, the name rank in the low half. A few
    // matches read their own ranks; more read the whole columns once.
    func sorted(rank: (Int) -> Int32, item: (Int) -> Int32) -> [Match] {
      var keys = kept.map {
        UInt64(tiers[Int($0)]) << 32 | UInt64(UInt32(bitPattern: rank(Int($0))))
      }
      keys.sort()
      // A rank or item out of range (a damaged file whose checksums still hold) is left out.
      return keys.compactMap { key in
        let rank = Int(key & 0xFFFF_FFFF)
        guard rank < count else { return nil }
        let position = Int(item(rank))
        guard 0 <= position, position < count else { return nil }
        return Match(position: position, tier: MatchTier(rawValue: Int(key >> 32)) ?? .typo)
      }
    }
    if kept.count < 256 {
      return sorted(rank: { nameRanks[$0] }, item: { nameOrder[$0] })
    }
    return nameRanks.withBuffer { ranks in
      nameOrder.withBuffer { order in sorted(rank: { ranks[$0] }, item: { order[$0] }) }
    }
  }

  private static let unmatched: UInt8 = 0xFF

  /// The words of the index `term` matches, each with how it matches.
  private func matchingWords(_ term: [UInt8]) -> [(Int, MatchTier)] {
    var found: [(Int, MatchTier)] = []
    let exact = term.withUnsafeBufferPointer { words.number(of: $0) }
    if let exact { found.append((exact, .exact)) }
    // A number matches only itself: "find 12" does not find 120, 1200… (a catalog of 1,000,000
    // items holds about as many distinct numbers, too many to scan on every search).
    if Self.isNumber(term) { return found }
    otherWordBytes.withBuffer { bytes in
      otherWordOffsets.withBuffer { offsets in
        otherWords.withBuffer { otherWords in
          otherWordLetters.withBuffer { letters in
            Self.scan(
              term, skipping: exact, words: otherWords, bytes: bytes, offsets: offsets,
              letters: letters
            ) { found.append(($0, $1)) }
          }
        }
      }
    }
    return found
  }

  /// True for a word of digits alone, which matches only itself.
  public static func isNumber(_ word: [UInt8]) -> Bool {
    word.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }

  /// Calls `found` with each word (of the words that are not numbers, `words[i]` being
  /// `bytes[offsets[i]..<offsets[i + 1]]` with the letters `letters[i]`) that `term` matches
  /// without being it: a word starting with it, containing it, or a typo of it. `skipping` is
  /// the word that is `term` itself.
  public static func scan(
    _ term: [UInt8], skipping exact: Int?, words otherWords: UnsafeBufferPointer<Int32>,
    bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<Int32>,
    letters otherWordLetters: UnsafeBufferPointer<UInt64>, found: (Int, MatchTier) -> Void
  ) {
    // ASCII (the usual case) is compared byte by byte; other text by Unicode scalars.
    let termIsASCII = term.allSatisfy { $0 < 0x80 }
    let scalars = Array(String(decoding: term, as: UTF8.self).unicodeScalars)
    let typoLimit = MatchTier.typoLimit(forLength: scalars.count)
    let termLetters = term.withUnsafeBufferPointer(Self.letters)
    guard otherWords.count < offsets.count, otherWords.count <= otherWordLetters.count else {
      return
    }
    term.withUnsafeBufferPointer { term in
      guard let termStart = term.baseAddress, let wordStart = bytes.baseAddress else { return }
      for (index, number) in otherWords.enumerated() where Int(number) != exact {
        let word = Int(number)
        let start = Int(offsets[index])
        let end = Int(offsets[index + 1])
        guard 0 <= start, start <= end, end <= bytes.count else { continue }
        let text = UnsafeBufferPointer(start: wordStart + start, count: end - start)
        if text.count > term.count {
          if memcmp(wordStart + start, termStart, term.count) == 0 {
            found(word, .prefix)
            continue
          }
          if Self.contains(text, term) {
            found(word, .substring)
            continue
          }
        }
        guard typoLimit > 0, abs(text.count - term.count) <= typoLimit * 2 else { continue }
        // An edit adds at most one letter and removes at most one: a word missing more of the
        // term's letters (or holding more the term lacks) than the limit is too far.
        let wordLetters = otherWordLetters[index]
        guard (termLetters & ~wordLetters).nonzeroBitCount <= typoLimit,
          (wordLetters & ~termLetters).nonzeroBitCount <= typoLimit
        else { continue }
        let close: Bool
        if termIsASCII && text.allSatisfy({ $0 < 0x80 }) {
          close = TypoDistance.within(text, term, limit: typoLimit) != nil
        } else {
          let candidate = Array(String(decoding: text, as: UTF8.self).unicodeScalars)
          close = TypoDistance.within(candidate, scalars, limit: typoLimit) != nil
        }
        if close { found(word, .typo) }
      }
    }
  }

  /// True when `term` (not empty) occurs in `word`: each place the first byte is found is
  /// compared whole.
  private static func contains(
    _ word: UnsafeBufferPointer<UInt8>, _ term: UnsafeBufferPointer<UInt8>
  )
    -> Bool
  {
    guard let wordStart = word.baseAddress, let termStart = term.baseAddress,
      word.count >= term.count
    else { return false }
    let first = Int32(termStart[0])
    var cursor = UnsafeRawPointer(wordStart)
    let last = UnsafeRawPointer(wordStart + (word.count - term.count))
    while cursor <= last, let found = memchr(cursor, first, last - cursor + 1) {
      if memcmp(found, termStart, term.count) == 0 { return true }
      cursor = UnsafeRawPointer(found) + 1
    }
    return false
  }

  /// A set of the characters of a folded word: a bit for each of `a`–`z` and `0`–`9`, one bit
  /// for any other byte (so any non-ASCII character counts as that one letter, which keeps
  /// the typo test sound: two words with different sets are at least as many edits apart).
  public static func letters(of word: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var set: UInt64 = 0
    for byte in word {
      switch byte {
      case 0x61...0x7A: set |= 1 << UInt64(byte - 0x61)
      case 0x30...0x39: set |= 1 << UInt64(26 + byte - 0x30)
      default: set |= 1 << 63
      }
    }
    return set
  }
}

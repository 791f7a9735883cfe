import ShelfCatalog

/// Levenshtein distance on folded text, for did-you-mean suggestions.
enum EditDistance {
  static func between(_ left: String, _ right: String) -> Int {
    let a = Array(SearchKey.name(left))
    let b = Array(SearchKey.name(right))
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// The closest candidate when it is close enough to be a likely typo.
  static func nearest(to word: String, among candidates: [String]) -> String? {
    let limit = max(1, min(3, word.count / 3 + 1))
    let scored = candidates.map { ($0, between(word, $0)) }.filter { $0.1 <= limit }
    return scored.min { $0.1 < $1.1 }?.0
  }
}

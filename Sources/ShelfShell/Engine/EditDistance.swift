import ShelfCatalog

/// Edit distance on folded text where swapping two neighbours counts as one edit (optimal
/// string alignment), for did-you-mean suggestions: `pdw` is one edit from `pwd`.
enum EditDistance {
  static func between(_ left: String, _ right: String) -> Int {
    let a = Array(SearchKey.name(left))
    let b = Array(SearchKey.name(right))
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  /// The closest candidate when it is close enough to be a likely typo: a few edits, and no
  /// more than half of the longer word changed (`5` is not a typo of `?`).
  static func nearest(to word: String, among candidates: [String]) -> String? {
    let limit = max(1, min(3, word.count / 3 + 1))
    let scored = candidates.map { ($0, between(word, $0)) }.filter { candidate, distance in
      distance <= limit && distance * 2 <= max(word.count, candidate.count)
    }
    return scored.min { $0.1 < $1.1 }?.0
  }
}

import ShelfSearch

/// Did-you-mean suggestions: the nearest name by the same edit distance as `find`'s typos
/// (`TypoDistance`: a swap of two neighbours is one edit, so `pdw` is one edit from `pwd`), on
/// folded text.
enum EditDistance {
  /// The closest candidate when it is close enough to be a likely typo: a few edits, and no
  /// more than half of the longer word changed (`5` is not a typo of `?`).
  static func nearest(to word: String, among candidates: [String]) -> String? {
    let folded = Array(SearchKey.name(word))
    let limit = max(1, min(3, word.count / 3 + 1))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      guard
        let distance = TypoDistance.within(
          folded, Array(SearchKey.name(candidate)), limit: limit),
        distance * 2 <= max(word.count, candidate.count),
        distance < (best?.distance ?? Int.max)
      else { continue }
      best = (candidate, distance)
    }
    return best?.candidate
  }
}

/// How well an item matched a word of `find`, best first: the word itself, a word that starts
/// with it, a word that contains it, then a word within a typo of it.
public enum MatchTier: Int, Comparable, Sendable, CaseIterable {
  case exact, prefix, substring, typo

  public static func < (left: MatchTier, right: MatchTier) -> Bool {
    left.rawValue < right.rawValue
  }

  /// The edits a typo may have for a query word of `length` characters: none below 4,
  /// one from 4, two from 8.
  public static func typoLimit(forLength length: Int) -> Int {
    length >= 8 ? 2 : length >= 4 ? 1 : 0
  }
}

/// `find`'s rule for near spellings (typo matches): they are listed after the other matches
/// while there are fewer than `enough` of those; once there are that many, they are left out and
/// counted (`and 8 near spellings: find bear --fuzzy`), unless `--fuzzy` asks for them.
public enum NearSpellings {
  public static let enough = 5

  /// The matches to list, in their order, and how many near spellings were left out.
  public static func kept<Match>(
    _ matches: [Match], fuzzy: Bool, tier: (Match) -> MatchTier
  ) -> (matches: [Match], leftOut: Int) {
    guard !fuzzy else { return (matches, 0) }
    var close = 0
    for match in matches where tier(match) != .typo { close += 1 }
    guard close >= enough, close < matches.count else { return (matches, 0) }
    return (matches.filter { tier($0) != .typo }, matches.count - close)
  }
}

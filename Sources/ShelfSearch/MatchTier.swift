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

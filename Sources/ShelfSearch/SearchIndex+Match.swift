extension SearchIndex {
  /// An item that matched every word, and its worst tier among the words.
  public struct Match: Hashable, Sendable {
    public let position: Int
    public let tier: MatchTier
  }
}

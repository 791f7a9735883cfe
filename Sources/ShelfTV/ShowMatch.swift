import ShelfSearch

/// A show `find` matched, and how well (its worst tier among the words searched for).
public struct ShowMatch: Hashable, Sendable {
  public let row: ShowRow
  public let tier: MatchTier

  public init(row: ShowRow, tier: MatchTier) {
    self.row = row
    self.tier = tier
  }
}

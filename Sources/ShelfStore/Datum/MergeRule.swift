/// How two versions of a datum become one: the rules of the README's "Merge rules", each
/// stated once here and carried out by `MergeableSet`, `SetMember` and `LatestMember`. An
/// import merges with no common version (it only adds and updates); sync merges with the
/// version both sides started from (the base), so that a removal travels too.
public enum MergeRule: String, CaseIterable, Sendable {
  /// A set (favourites, reads, wishes): both sides' additions are kept; a removal made on
  /// one side is carried when the other side did not change that item.
  case set
  /// Claims: a set, and when two people claimed one wish, the earlier claim stands.
  case firstClaim
  /// A single value (a status, a rating, a position, a setting, a birth month): the later
  /// change wins (every change records when it was made). A value cleared on one side is a
  /// removal, carried as in a set.
  case latest
  /// Watched marks: a set whose marks keep the earliest watch time and the latest, and whose
  /// plays add up as a counter against the base (an import, with no base, keeps the larger
  /// count, so that running it twice adds nothing).
  case marks
  /// The cart: lines added on both sides are both kept; quantities added on both sides to one
  /// line add up (capped at 999), and an import, with no base, keeps the larger quantity; a
  /// line removed on one side and changed on the other keeps the change.
  case cart

  /// The rule in words, for the README and `help`.
  public var summary: String {
    switch self {
    case .set:
      "both sides' additions are kept; a removal on one side is carried when the other side did "
        + "not change the item"
    case .firstClaim:
      "as a set; when two people claimed one wish, the earlier claim stands"
    case .latest: "the later change wins (each change records when it was made)"
    case .marks:
      "as a set; a mark keeps the earliest watch time; plays add up as a counter against the base "
        + "(an import keeps the larger count)"
    case .cart:
      "lines as a set; quantities added on both sides add up (at most 999); an import keeps the "
        + "larger; a line removed on one side and changed on the other keeps the change"
    }
  }
}

/// How many changes each side brought to a merge: `ours` counts what the result has that
/// `theirs` did not (what sync sends), `theirs` what it has that `ours` did not (what it
/// receives, and what an import changed).
public struct MergeCount: Equatable, Sendable, CustomStringConvertible {
  public var ours: Int
  public var theirs: Int

  public init(ours: Int = 0, theirs: Int = 0) {
    self.ours = ours
    self.theirs = theirs
  }

  public static func + (left: MergeCount, right: MergeCount) -> MergeCount {
    MergeCount(ours: left.ours + right.ours, theirs: left.theirs + right.theirs)
  }

  public static func += (left: inout MergeCount, right: MergeCount) {
    left = left + right
  }

  public var description: String { "\(ours) ours, \(theirs) theirs" }
}

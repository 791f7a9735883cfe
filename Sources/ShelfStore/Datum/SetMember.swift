import Foundation
import ShelfDomain

/// One member of a datum's set: a favourite, a mark, a wish, a claim, a rating of one show, a
/// position of one section. Members are told apart by `key`; `MergeableSet` merges the sets
/// and asks the member type how two versions of one member merge.
public protocol SetMember: Codable, Equatable, Sendable {
  associatedtype Key: Hashable & Sendable
  var key: Key { get }
  /// The rule the member's datum merges by (default: `.set`).
  static var rule: MergeRule { get }
  /// One member from two versions that both sides have: `base` is the version they started
  /// from (nil when there is none: both added it, or an import, for which `withBase` is
  /// false). Default: theirs when it changed, else ours.
  static func merged(base: Self?, ours: Self, theirs: Self, withBase: Bool) -> Self
  /// `merged`, with the changes the result is from each side (`ours`: from theirs, `theirs`:
  /// from ours). Default: counted with `changes(from:)`; a member that merges parts of its own
  /// (a show's marks) counts them as it merges.
  static func mergedCounting(base: Self?, ours: Self, theirs: Self, withBase: Bool) -> (
    Self, MergeCount
  )
  /// What the absence of the member with `key` stands for, when that is not nothing (a show
  /// with no marks left): absence is then merged as this member, and a result equal to it
  /// is dropped. Default: nil.
  static func empty(key: Key) -> Self?
  /// How many changes the member is from `other` (nil: it was absent): default 1 when they
  /// differ; a show's marks count one per mark.
  func changes(from other: Self?) -> Int
  /// Why the member cannot be in a document (a bad id, a rating out of range); nil when it can.
  var problem: String? { get }
  /// The member with each person it names passed through `map` (an id to a name for an
  /// export, and back for an import); nil when a person cannot be mapped (the member is left
  /// out). Default: the member unchanged.
  func mappingPeople(_ map: (String) -> String?) -> Self?
  /// Whether the person `viewer` must not see this member of `owner`'s file (a claim on their
  /// own wish list; a cart line bought for them). Default: false.
  func isHidden(from viewer: String, owner: String?) -> Bool
  /// The catalog or show-store item the member is about, which an import checks is known.
  var catalogItem: ItemID? { get }
  /// The member with the name the item has now (for an import); default: unchanged.
  func named(_ name: String) -> Self
  /// The member as an export writes it (without what only this data directory needs, such
  /// as the names kept for listing items the catalog lost); default: unchanged.
  func exported() -> Self
  /// Whether members record when they changed (`stamped`); default: false.
  static var recordsChanges: Bool { get }
  /// The member with the time of each value that differs from `before` (nil: it is new) set
  /// to `now`, and the others' times kept; default: unchanged.
  func stamped(since before: Self?, at now: Date) -> Self
}

extension SetMember {
  public static var rule: MergeRule { .set }

  public static func merged(base: Self?, ours: Self, theirs: Self, withBase: Bool) -> Self {
    theirs == base ? ours : theirs
  }

  public static func mergedCounting(base: Self?, ours: Self, theirs: Self, withBase: Bool) -> (
    Self, MergeCount
  ) {
    let member = merged(base: base, ours: ours, theirs: theirs, withBase: withBase)
    return (
      member, MergeCount(ours: member.changes(from: theirs), theirs: member.changes(from: ours))
    )
  }

  public static func empty(key: Key) -> Self? { nil }

  public func changes(from other: Self?) -> Int { other == self ? 0 : 1 }

  public var problem: String? { nil }

  public func mappingPeople(_ map: (String) -> String?) -> Self? { self }

  public func isHidden(from viewer: String, owner: String?) -> Bool { false }

  public var catalogItem: ItemID? { nil }

  public func named(_ name: String) -> Self { self }

  public func exported() -> Self { self }

  public static var recordsChanges: Bool { false }

  public func stamped(since before: Self?, at now: Date) -> Self { self }
}

/// A member that is a single value with the time it was last changed (a status, a rating, a
/// position): two versions merge by the later change.
public protocol LatestMember: SetMember {
  /// When the value was last changed; nil for values saved by an older shelf (older than any).
  var changedAt: Date? { get set }
}

extension LatestMember {
  public static var rule: MergeRule { .latest }

  /// The same value, whenever it was set.
  public func sameValue(as other: Self) -> Bool {
    var left = self
    var right = other
    left.changedAt = nil
    right.changedAt = nil
    return left == right
  }

  /// A side that did not change the value takes the other's; when both changed it (or there
  /// is no base), the later change wins, and a value without a time loses to one with. The
  /// same value on both sides keeps the earlier of two times (it has been so since then).
  public static func merged(base: Self?, ours: Self, theirs: Self, withBase: Bool) -> Self {
    if ours.sameValue(as: theirs) {
      guard let mine = ours.changedAt, let other = theirs.changedAt else { return ours }
      return other < mine ? theirs : ours
    }
    if let base {
      if base.sameValue(as: ours) { return theirs }
      if base.sameValue(as: theirs) { return ours }
    }
    switch (ours.changedAt, theirs.changedAt) {
    case (let mine?, let other?): return other > mine ? theirs : ours
    case (nil, .some): return theirs
    default: return ours
    }
  }

  public func changes(from other: Self?) -> Int {
    other.map(sameValue(as:)) == true ? 0 : 1
  }

  public static var recordsChanges: Bool { true }

  public func stamped(since before: Self?, at now: Date) -> Self {
    var member = self
    member.changedAt = before.map(sameValue(as:)) == true ? before?.changedAt : now
    return member
  }
}

import Foundation

/// A datum's values as they merge: a set of members (`MergeableSet`) or at most one
/// (`OneValue`). Both merge by `SetMerge`, so every datum follows the same rules.
public protocol MergeableValue: Codable, Equatable, Sendable {
  associatedtype Member: SetMember
  var members: [Member] { get }
  init(members: [Member])
}

extension MergeableValue {
  /// The merge of three versions by the member's rule; see `SetMerge`.
  public static func merged(base: Self?, ours: Self, theirs: Self) -> (
    value: Self, count: MergeCount
  ) {
    let (members, count) = SetMerge.merged(
      base: base?.members, ours: ours.members, theirs: theirs.members)
    return (Self(members: members), count)
  }

  public var isEmpty: Bool { members.isEmpty }

  /// The first problem of the value (a member listed twice, a member that cannot be); nil
  /// when there is none.
  public var problem: String? {
    var keys = Set<Member.Key>()
    for member in members {
      if let problem = member.problem { return problem }
      guard keys.insert(member.key).inserted else { return "\(member.key) is listed twice" }
    }
    return nil
  }

  /// The value with each member passed through `transform` (nil drops it).
  public func compactMapMembers(_ transform: (Member) throws -> Member?) rethrows -> Self {
    Self(members: try members.compactMap(transform))
  }

  /// The value with the time of each changed member since `before` set to `now` (members
  /// that record no times are left as they are); with `keepingGivenTimes`, a changed single
  /// value that carries a time keeps it (an import's rating, given when the history says).
  /// What the two share at their start (a change that adds at the end: a Trakt import's
  /// ratings, show by show) is kept as it is, unhashed.
  public func stamped(since before: Self, at now: Date, keepingGivenTimes: Bool = false) -> Self {
    guard Member.recordsChanges else { return self }
    let mine = members
    let old = before.members
    var same = 0
    while same < mine.count, same < old.count, mine[same] == old[same] { same += 1 }
    if same == mine.count, same == old.count { return self }
    let rest = Dictionary(
      old[same...].map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    return Self(
      members: Array(mine[..<same])
        + mine[same...].map { member in
          if keepingGivenTimes, (member as? any LatestMember)?.changedAt != nil { return member }
          return member.stamped(since: rest[member.key], at: now)
        })
  }

  /// This value merged with `other`, another value of the same datum, with no base; `self`
  /// when `other` is of another type.
  public func merging(_ other: any MergeableValue) -> any MergeableValue {
    guard let other = other as? Self else { return self }
    return Self.merged(base: nil, ours: self, theirs: other).value
  }

  /// How many changes the value holds against nothing (what an import into an empty file adds).
  public var weight: Int { members.reduce(0) { $0 + $1.changes(from: nil) } }
}

/// A set of members in the order they were added, written as a JSON array in an export.
public struct MergeableSet<Member: SetMember>: MergeableValue {
  public var members: [Member]

  public init(members: [Member]) {
    self.members = members
  }

  public init(from decoder: Decoder) throws {
    members = try decoder.singleValueContainer().decode([Member].self)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(members)
  }
}

/// A single value (a setting, a look): at most one member, written as that member in an
/// export.
public struct OneValue<Member: SetMember>: MergeableValue {
  public var value: Member?

  public init(_ value: Member?) {
    self.value = value
  }

  public init(members: [Member]) {
    value = members.first
  }

  public var members: [Member] { value.map { [$0] } ?? [] }

  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    value = container.decodeNil() ? nil : try container.decode(Member.self)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    if let value { try container.encode(value) } else { try container.encodeNil() }
  }
}

/// The merge of three versions of a set, the one place the rules of `MergeRule` are carried
/// out. A member both sides have is merged by its type (`SetMember.merged`). A member one
/// side has: kept when it was added there (not in the base, or no base at all: an import
/// only adds), kept when that side changed it since the base (a removal never beats a
/// change), dropped when the other side removed it and this side left it as the base had it.
/// Members keep ours' order, theirs' new ones after.
enum SetMerge {
  static func merged<Member: SetMember>(base: [Member]?, ours: [Member], theirs: [Member])
    -> ([Member], MergeCount)
  {
    if base == nil, ours.isEmpty {
      // An import into an empty file: everything is new (a million marks take this way).
      return (theirs, MergeCount(theirs: theirs.reduce(0) { $0 + $1.changes(from: nil) }))
    }
    if ours == theirs { return (ours, MergeCount()) }
    let withBase = base != nil
    let based = index(base ?? [])

    /// The member of `key` from the two sides' versions, and the changes it counts.
    func settle(_ key: Member.Key, ours mine: Member?, theirs other: Member?) -> (
      Member?, MergeCount
    ) {
      let original = based[key]
      let empty = Member.empty(key: key)
      var merged: Member?
      var counted: MergeCount?
      switch (mine, other) {
      case (let mine?, let other?) where mine == other:
        merged = mine
        counted = MergeCount()
      case (let mine?, let other?):
        (merged, counted) = Member.mergedCounting(
          base: original, ours: mine, theirs: other, withBase: withBase)
      case (let only?, nil), (nil, let only?):
        if let empty {
          let start = original ?? (withBase ? empty : nil)
          (merged, counted) =
            mine == nil
            ? Member.mergedCounting(base: start, ours: empty, theirs: only, withBase: withBase)
            : Member.mergedCounting(base: start, ours: only, theirs: empty, withBase: withBase)
        } else if withBase, let original, original == only {
          merged = nil  // removed on the other side, untouched on this one
        } else {
          merged = only
        }
      case (nil, nil):
        merged = nil
      }
      let kept = merged.flatMap { member in empty == member ? nil : member }
      return (
        kept,
        counted
          ?? MergeCount(ours: changes(kept, from: other), theirs: changes(kept, from: mine))
      )
    }

    // Only ours is indexed (an import's side is the small one): theirs is read once, its
    // members that ours has settled on the way, its new ones kept for the end. (A document
    // lists a member once: files are repaired so, exports checked so.)
    let ourIndex = index(ours)
    var settled: [Member.Key: (Member?, MergeCount)] = [:]
    var added: [Member] = []
    var count = MergeCount()
    for member in theirs {
      if let mine = ourIndex[member.key] {
        if settled[member.key] == nil {
          settled[member.key] = settle(member.key, ours: mine, theirs: member)
        }
      } else {
        let (kept, counted) = settle(member.key, ours: nil, theirs: member)
        if let kept { added.append(kept) }
        count += counted
      }
    }
    var result: [Member] = []
    result.reserveCapacity(ours.count + added.count)
    var seen = Set<Member.Key>()
    for member in ours where seen.insert(member.key).inserted {
      let (kept, counted) =
        settled[member.key] ?? settle(member.key, ours: member, theirs: nil)
      if let kept { result.append(kept) }
      count += counted
    }
    return (result + added, count)
  }

  private static func index<Member: SetMember>(_ members: [Member]) -> [Member.Key: Member] {
    Dictionary(members.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
  }

  private static func changes<Member: SetMember>(_ member: Member?, from other: Member?) -> Int {
    switch (member, other) {
    case (nil, nil): 0
    case (nil, let other?): other.changes(from: nil)
    case (let member?, _): member.changes(from: other)
    }
  }
}

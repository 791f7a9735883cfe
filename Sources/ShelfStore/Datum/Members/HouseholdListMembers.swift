import Foundation
import ShelfDomain

/// A story the person read, written as its id in an export.
public struct StoryRead: SetMember {
  public var id: Int

  public init(id: Int) {
    self.id = id
  }

  public var key: Int { id }
  public var catalogItem: ItemID? { ItemID(.story, id) }
  public var problem: String? { id < 0 ? "story \(id) is not an id" : nil }

  public init(from decoder: Decoder) throws {
    id = try decoder.singleValueContainer().decode(Int.self)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(id)
  }
}

/// A wish on a person's list (its claim is a datum of its own, `Claim`).
public struct WishEntry: SetMember {
  public var kind: ItemKind
  public var id: Int
  public var name: String?

  public init(kind: ItemKind, id: Int, name: String? = nil) {
    self.kind = kind
    self.id = id
    self.name = name
  }

  public var item: ItemID { ItemID(kind, id) }
  public var key: ItemID { item }
  public var catalogItem: ItemID? { item }
  public var problem: String? {
    kind == .show || id < 0 ? "\(item) cannot be wished for" : nil
  }

  /// The name kept for listing is this directory's own: not a change.
  public func changes(from other: WishEntry?) -> Int { other?.item == item ? 0 : 1 }

  public static func merged(
    base: WishEntry?, ours: WishEntry, theirs: WishEntry, withBase: Bool
  ) -> WishEntry {
    WishEntry(kind: ours.kind, id: ours.id, name: ours.name ?? theirs.name)
  }

  public func named(_ name: String) -> WishEntry {
    WishEntry(kind: kind, id: id, name: name)
  }

  public func exported() -> WishEntry { WishEntry(kind: kind, id: id) }

  private enum CodingKeys: String, CodingKey { case kind, id, name }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(name, forKey: .name)
  }
}

/// Someone's claim on a wish of another person's list: who is buying it, since when. The
/// earlier of two claims on one wish stands. `claimedBy` is a person's lasting id in the data
/// directory and their name in an export.
public struct Claim: SetMember {
  public var kind: ItemKind
  public var id: Int
  public var claimedBy: String
  @ExportTime public var claimedAt: Date?

  public init(kind: ItemKind, id: Int, claimedBy: String, claimedAt: Date? = nil) {
    self.kind = kind
    self.id = id
    self.claimedBy = claimedBy
    self.claimedAt = claimedAt
  }

  public var item: ItemID { ItemID(kind, id) }
  public var key: ItemID { item }
  public var catalogItem: ItemID? { item }
  public static var rule: MergeRule { .firstClaim }

  public static func merged(base: Claim?, ours: Claim, theirs: Claim, withBase: Bool) -> Claim {
    if let base {
      if base == ours { return theirs }
      if base == theirs { return ours }
    }
    switch (ours.claimedAt, theirs.claimedAt) {
    case (let mine?, let other?): return other < mine ? theirs : ours
    case (.some, nil): return theirs
    default: return ours
    }
  }

  public func mappingPeople(_ map: (String) -> String?) -> Claim? {
    map(claimedBy).map { Claim(kind: kind, id: id, claimedBy: $0, claimedAt: claimedAt) }
  }

  public static var recordsChanges: Bool { true }

  public func stamped(since before: Claim?, at now: Date) -> Claim {
    var claim = self
    claim.claimedAt = before?.claimedBy == claimedBy ? before?.claimedAt : now
    return claim
  }

  /// The owner of the list never sees its claims.
  public func isHidden(from viewer: String, owner: String?) -> Bool { viewer == owner }
}

extension StoriesReadDocument {
  var readSet: MergeableSet<StoryRead> {
    get { MergeableSet(members: stories.map(StoryRead.init(id:))) }
    set { stories = newValue.members.map(\.id) }
  }
}

extension WishListDocument {
  /// The wishes, without their claims.
  var wishSet: MergeableSet<WishEntry> {
    get {
      MergeableSet(members: wishes.map { WishEntry(kind: $0.kind, id: $0.id, name: $0.name) })
    }
    set {
      let before = Dictionary(
        wishes.map { ($0.item, $0) }, uniquingKeysWith: { first, _ in first })
      wishes = newValue.members.map { entry in
        var wish = before[entry.item] ?? Wish(kind: entry.kind, id: entry.id)
        wish.name = entry.name ?? wish.name
        return wish
      }
    }
  }

  /// The claims on the wishes (a claim on an item no longer wished for goes with the wish).
  var claimSet: MergeableSet<Claim> {
    get {
      MergeableSet(
        members: wishes.compactMap { wish in
          wish.claimedBy.map {
            Claim(kind: wish.kind, id: wish.id, claimedBy: $0, claimedAt: wish.claimedAt)
          }
        })
    }
    set {
      let claims = Dictionary(
        newValue.members.map { ($0.item, $0) }, uniquingKeysWith: { first, _ in first })
      for index in wishes.indices {
        let claim = claims[wishes[index].item]
        wishes[index].claimedBy = claim?.claimedBy
        wishes[index].claimedAt = claim?.claimedAt
        if claim != nil { wishes[index].claimedByNumber = nil }
      }
    }
  }
}

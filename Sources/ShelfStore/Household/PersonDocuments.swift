import Foundation
import ShelfDomain

/// `read.plist` in a profile's directory: the stories the person has read, by id, in the
/// order they were read.
public struct StoriesReadDocument: StoredDocument {
  public static let currentVersion = 1
  public var version = StoriesReadDocument.currentVersion
  public var stories: [Int] = []

  public init() {}

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    stories = try container.decodeEach(Int.self, forKey: .stories).elements
  }

  public func contains(_ story: Int) -> Bool { stories.contains(story) }

  /// Marks the story read; false when it already was.
  public mutating func mark(_ story: Int) -> Bool {
    guard !stories.contains(story) else { return false }
    stories.append(story)
    return true
  }

  /// Takes the mark back; false when there was none.
  public mutating func unmark(_ story: Int) -> Bool {
    guard let index = stories.firstIndex(of: story) else { return false }
    stories.remove(at: index)
    return true
  }

  public mutating func repair() -> [String] {
    var seen = Set<Int>()
    var notes: [String] = []
    stories = stories.filter { id in
      if seen.insert(id).inserted { return true }
      notes.append("story:\(id) was marked read twice; kept it once")
      return false
    }
    return notes
  }
}

/// One wish: a toy, product or story, with its name when it was wished for, and who is buying
/// it once someone claimed it (a person's lasting id, `ProfileRecord.uid`) and since when.
public struct Wish: Codable, Equatable, Sendable {
  public var kind: ItemKind
  public var id: Int
  public var name: String?
  /// The lasting id of the person who claimed it; nil while no one has.
  public var claimedBy: String?
  /// When it was claimed; nil for claims an older shelf saved.
  public var claimedAt: Date?
  /// A claim saved by an older shelf, by the claimer's number in this data directory
  /// (`ProfileRecord.id`); the first start turns it into `claimedBy` (`Household.prepare`).
  public var claimedByNumber: Int?

  public init(
    kind: ItemKind, id: Int, name: String? = nil, claimedBy: String? = nil,
    claimedAt: Date? = nil
  ) {
    self.kind = kind
    self.id = id
    self.name = name
    self.claimedBy = claimedBy
    self.claimedAt = claimedAt
  }

  public var item: ItemID { ItemID(kind, id) }

  /// Who claimed it, among the people of `household`; nil while no one has, and when the
  /// claimer is no longer in the household (their claim is released).
  public func claimer(in household: HouseholdDocument) -> ProfileRecord? {
    if let claimedBy { return household.profile(person: claimedBy) }
    return claimedByNumber.flatMap(household.profile(id:))
  }

  private enum CodingKeys: String, CodingKey { case kind, id, name, claimedBy, claimedAt }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    kind = try container.decode(ItemKind.self, forKey: .kind)
    id = try container.decode(Int.self, forKey: .id)
    name = try container.decodeIfPresent(String.self, forKey: .name)
    if let number = try? container.decodeIfPresent(Int.self, forKey: .claimedBy) {
      claimedByNumber = number
    } else {
      claimedBy = try container.decodeIfPresent(String.self, forKey: .claimedBy)
    }
    claimedAt = try? container.decodeIfPresent(Date.self, forKey: .claimedAt)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(name, forKey: .name)
    if let claimedBy {
      try container.encode(claimedBy, forKey: .claimedBy)
    } else {
      try container.encodeIfPresent(claimedByNumber, forKey: .claimedBy)
    }
    try container.encodeIfPresent(claimedAt, forKey: .claimedAt)
  }
}

/// `wishlist.plist` in a profile's directory: the person's wishes in the order they were made.
/// Claims are kept here, in the owner's file, and every screen of the owner leaves them out.
/// Version 2 names claimers by their lasting id (version 1 by their number here); it is what
/// every write saves, so that an older shelf refuses the file instead of dropping its claims.
public struct WishListDocument: StoredDocument {
  public static let currentVersion = 2
  public static let recordsChanges = true
  public var version = WishListDocument.currentVersion
  public var wishes: [Wish] = []
  private var unreadable: [String] = []

  private enum CodingKeys: String, CodingKey { case version, wishes }

  public init() {}

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    let (wishes, skipped) = try container.decodeEach(Wish.self, forKey: .wishes)
    self.wishes = wishes
    unreadable = skipped.map { "wish \($0.position) could not be read; dropped it" }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.currentVersion, forKey: .version)
    try container.encode(wishes, forKey: .wishes)
  }

  public static func == (left: WishListDocument, right: WishListDocument) -> Bool {
    left.wishes == right.wishes
  }

  public func wish(_ item: ItemID) -> Wish? { wishes.first { $0.item == item } }

  /// Adds the item; false when it is already wished for.
  public mutating func add(_ item: ItemID, name: String?) -> Bool {
    guard wish(item) == nil else { return false }
    wishes.append(Wish(kind: item.kind, id: item.id, name: name))
    return true
  }

  /// Removes the item; false when it was not wished for.
  public mutating func remove(_ item: ItemID) -> Bool {
    guard let index = wishes.firstIndex(where: { $0.item == item }) else { return false }
    wishes.remove(at: index)
    return true
  }

  public mutating func repair() -> [String] {
    var notes = unreadable
    unreadable = []
    var seen = Set<ItemID>()
    wishes = wishes.filter { wish in
      guard wish.kind != .show else {
        notes.append("\(wish.item) cannot be wished for; dropped it")
        return false
      }
      if seen.insert(wish.item).inserted { return true }
      notes.append("\(wish.item) was wished for twice; kept it once")
      return false
    }
    return notes
  }
}

import ShelfDomain

/// What `export` prints and `import` reads: the cart, the people of the household with their
/// favourites, watched marks, stories read and wish lists, as one JSON document; each part
/// present when it was exported. Version 1 (before profiles) has `favorites` and `watched` at
/// the top; `import` takes them as the active profile's.
public struct UserDataExport: Codable, Equatable, Sendable {
  /// Which state an export holds.
  public enum Scope: String, CaseIterable, Sendable {
    case favorites, cart, watched, all
  }

  public struct Favorites: Codable, Equatable, Sendable {
    public var toys: [Int]
    public var stories: [Int]
    public var products: [Int]
    public var shows: [Show]
  }

  /// One wish: the item, and the name of the person buying it (left out of an export made by
  /// the list's owner, who never sees claims).
  public struct Wish: Codable, Equatable, Sendable {
    public var kind: ItemKind
    public var id: Int
    public var claimedBy: String?

    public init(kind: ItemKind, id: Int, claimedBy: String? = nil) {
      self.kind = kind
      self.id = id
      self.claimedBy = claimedBy
    }

    public var item: ItemID { ItemID(kind, id) }
  }

  /// One person and what is theirs.
  public struct Profile: Codable, Equatable, Sendable {
    public var name: String
    /// `YYYY-MM`; absent for an adult.
    public var born: String?
    public var favorites: Favorites?
    public var watched: [WatchedShow]?
    public var storiesRead: [Int]?
    public var wishlist: [Wish]?

    public init(name: String, born: String? = nil) {
      self.name = name
      self.born = born
    }
  }

  public static let formatName = "shelf-export"
  /// 2: with `profiles`.
  public static let currentVersion = 2

  public var format = UserDataExport.formatName
  public var version = 1
  public var favorites: Favorites?
  public var cart: [CartLine]?
  public var watched: [WatchedShow]?
  public var profiles: [Profile]?

  public init(favorites: Favorites? = nil, cart: [CartLine]? = nil, watched: [WatchedShow]? = nil) {
    self.favorites = favorites
    self.cart = cart
    self.watched = watched
  }
}

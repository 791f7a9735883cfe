import ShelfCatalog

/// What `export` prints and `import` reads: the favourites, cart and watched marks as one JSON
/// document, each part present when it was exported.
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

  public static let formatName = "shelf-export"
  public static let currentVersion = 1

  public var format = UserDataExport.formatName
  public var version = UserDataExport.currentVersion
  public var favorites: Favorites?
  public var cart: [CartLine]?
  public var watched: [WatchedShow]?

  public init(favorites: Favorites? = nil, cart: [CartLine]? = nil, watched: [WatchedShow]? = nil) {
    self.favorites = favorites
    self.cart = cart
    self.watched = watched
  }
}

import ShelfCatalog

/// A screen of the shell. Every screen of the original apps is one of these, with a path.
public enum Location: Hashable, Sendable {
  case home
  case toys
  case toyCategory(String)
  case toy(category: String, id: Int)
  case stories
  case storyAges(AgeRange)
  case story(ages: AgeRange, id: Int)
  case store
  case storeCategory(String)
  case product(category: String, id: Int)
  case shows
  case show(id: Int)
  case favorites
  case cart
  /// The results of `find`, run at `scope`.
  indirect case search(scope: Location, query: CatalogQuery)
  /// The results of `find --online` in /shows.
  case onlineSearch(String)

  /// The path as the prompt and `pwd` show it.
  public var path: String {
    switch self {
    case .home: "/"
    case .toys: "/toys"
    case .toyCategory(let category): "/toys/\(category)"
    case .toy(let category, let id): "/toys/\(category)/\(id)"
    case .stories: "/stories"
    case .storyAges(let ages): "/stories/\(ages)"
    case .story(let ages, let id): "/stories/\(ages)/\(id)"
    case .store: "/store"
    case .storeCategory(let category): "/store/\(category)"
    case .product(let category, let id): "/store/\(category)/\(id)"
    case .shows: "/shows"
    case .show(let id): "/shows/\(id)"
    case .favorites: "/favorites"
    case .cart: "/cart"
    case .search(let scope, let query): "\(scope.path) [find \(query)]"
    case .onlineSearch(let text): "/shows [find --online \"\(text)\"]"
    }
  }

  /// The item a details screen shows.
  public var item: ItemID? {
    switch self {
    case .toy(_, let id): ItemID(.toy, id)
    case .story(_, let id): ItemID(.story, id)
    case .product(_, let id): ItemID(.product, id)
    case .show(let id): ItemID(.show, id)
    default: nil
    }
  }

  /// The screen one level up (`cd ..`).
  public var parent: Location {
    switch self {
    case .home, .toys, .stories, .store, .shows, .favorites, .cart: .home
    case .toyCategory: .toys
    case .toy(let category, _): .toyCategory(category)
    case .storyAges: .stories
    case .story(let ages, _): .storyAges(ages)
    case .storeCategory: .store
    case .product(let category, _): .storeCategory(category)
    case .show, .onlineSearch: .shows
    case .search(let scope, _): scope
    }
  }

  /// The section a screen belongs to, which `find` searches.
  public var section: Location {
    switch self {
    case .home: .home
    case .toys, .toyCategory, .toy: .toys
    case .stories, .storyAges, .story: .stories
    case .store, .storeCategory, .product: .store
    case .shows, .show, .onlineSearch: .shows
    case .favorites: .favorites
    case .cart: .cart
    case .search(let scope, _): scope.section
    }
  }

  /// Where a real path can be saved to resume at: search results resume at their scope.
  public var resumable: Location {
    if case .search(let scope, _) = self { return scope.resumable }
    if case .onlineSearch = self { return .shows }
    return self
  }
}

/// The navigation stack: where the user is, the screens `back` returns to, and the previous
/// screen for `cd -`. Pure value; the session applies the changes commands ask for.
public struct Navigation: Sendable {
  public private(set) var current: Location
  public private(set) var backStack: [Location] = []
  public private(set) var previous: Location?
  public static let depthLimit = 200

  public init(at location: Location = .home) {
    current = location
  }

  /// Goes to `location`, remembering where we were.
  public mutating func go(to location: Location) {
    guard location != current else { return }
    backStack.append(current)
    if backStack.count > Navigation.depthLimit { backStack.removeFirst() }
    previous = current
    current = location
  }

  /// Returns to the previous screen of the stack; false when there is none.
  public mutating func back() -> Bool {
    guard let last = backStack.popLast() else { return false }
    previous = current
    current = last
    return true
  }

  /// Replaces the current screen without a stack entry (a screen that no longer exists).
  public mutating func replace(with location: Location) {
    current = location
  }
}

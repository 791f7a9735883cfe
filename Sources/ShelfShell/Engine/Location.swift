import ShelfDomain
import ShelfStore
import ShelfTerminal

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
  /// A season of a show: `/shows/1/S1` (`S2012` for seasons numbered by years).
  case season(show: Int, season: Int)
  /// An episode: `/shows/1/S1/E3`.
  case episode(show: Int, season: Int, number: Int)
  /// For each favourite show, the first aired episode not watched yet.
  case upNext
  case favorites
  case cart
  /// The people of the household.
  case profiles
  /// One person (by name, as the household spells it).
  case profile(String)
  /// A person's wish list: `/profiles/Mia/wishlist`.
  case profileWishList(String)
  /// The active profile's wish list.
  case wishList
  /// The results of `find`, run at `scope`.
  indirect case search(scope: Location, search: Search)
  /// The results of `find --online` in /shows.
  case onlineSearch(String)

  /// The path as `pwd` and JSON show it, one `cd` accepts: search results are at the place
  /// they were searched from.
  public var path: String {
    switch self {
    case .search(let scope, _): scope.path
    case .onlineSearch: "/shows"
    default: label
    }
  }

  /// The place as the prompt shows it: a path, or the search it holds, its words cut short
  /// (`/toys [find "bear"]`, `/ [find "lantern sna…"]`).
  public var label: String {
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
    case .season(let show, let season): "/shows/\(show)/S\(season)"
    case .episode(let show, let season, let number): "/shows/\(show)/S\(season)/E\(number)"
    case .upNext: "/upnext"
    case .favorites: "/favorites"
    case .cart: "/cart"
    case .profiles: "/profiles"
    case .profile(let name): "/profiles/\(name)"
    case .profileWishList(let name): "/profiles/\(name)/wishlist"
    case .wishList: "/wishlist"
    case .search(let scope, let search): "\(scope.path) [find \(search.promptDescription)]"
    case .onlineSearch(let text):
      "/shows [find --online \"\(DisplayWidth.truncate(text, to: Search.promptWordsWidth))\"]"
    }
  }

  /// The season a screen is in: a season's list or one of its episodes.
  public var season: Int? {
    switch self {
    case .season(_, let season), .episode(_, let season, _): season
    default: nil
    }
  }

  /// The show a screen is about: its details, seasons and episodes.
  public var showID: Int? {
    switch self {
    case .show(let id), .season(let id, _), .episode(let id, _, _): id
    default: nil
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

  /// A details screen: an item's, or an episode's.
  public var isDetails: Bool {
    if case .episode = self { return true }
    return item != nil
  }

  /// The screen one level up (`cd ..`).
  public var parent: Location {
    switch self {
    case .home, .toys, .stories, .store, .shows, .upNext, .favorites, .cart, .profiles, .wishList:
      .home
    case .profile: .profiles
    case .profileWishList(let name): .profile(name)
    case .toyCategory: .toys
    case .toy(let category, _): .toyCategory(category)
    case .storyAges: .stories
    case .story(let ages, _): .storyAges(ages)
    case .storeCategory: .store
    case .product(let category, _): .storeCategory(category)
    case .show, .onlineSearch: .shows
    case .season(let show, _): .show(id: show)
    case .episode(let show, let season, _): .season(show: show, season: season)
    case .search(let scope, _): scope
    }
  }

  /// The top screen of the section a screen belongs to (`/toys` for `/toys/Dolls/42`), which
  /// `find` searches.
  public var sectionRoot: Location {
    switch self {
    case .home: .home
    case .toys, .toyCategory, .toy: .toys
    case .stories, .storyAges, .story: .stories
    case .store, .storeCategory, .product: .store
    case .shows, .show, .season, .episode, .onlineSearch: .shows
    case .upNext: .upNext
    case .favorites: .favorites
    case .cart: .cart
    case .profiles, .profile, .profileWishList: .profiles
    case .wishList: .wishList
    case .search(let scope, _): scope.sectionRoot
    }
  }

  /// The same screen after the person `old` was renamed `new` (their page and wish list follow
  /// the new name; every other screen is unchanged). Names compare as the household compares
  /// them (`ProfileName.key`).
  public func renamingProfile(_ old: String, to new: String) -> Location {
    switch self {
    case .profile(let name) where ProfileName.key(name) == ProfileName.key(old): .profile(new)
    case .profileWishList(let name) where ProfileName.key(name) == ProfileName.key(old):
      .profileWishList(new)
    case .search(let scope, let search):
      .search(scope: scope.renamingProfile(old, to: new), search: search)
    default: self
    }
  }

  /// Where a real path can be saved to resume at: search results resume at their scope.
  public var resumable: Location {
    if case .search(let scope, _) = self { return scope.resumable }
    if case .onlineSearch = self { return .shows }
    return self
  }
}

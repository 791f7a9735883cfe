import Foundation
import ShelfCatalog
import ShelfStore

/// Everything a screen is built from, read before it is built: the library's data, the user's
/// files and the posters at hand. Building a screen from these does no I/O of its own.
struct ScreenInputs {
  let library: Library
  /// The catalog, read before the screen is built when the screen shows catalog items (nil for
  /// the screens of shows, which never read it).
  let loadedCatalog: Catalog?
  let favorites: FavoritesDocument
  let cart: CartDocument
  let preferences: PreferencesDocument
  /// `ls --posters`: the show list with a poster beside each show.
  let listsPosters: Bool
  /// `ls --sort/--limit/--price` on a list of toys, stories or products, or on find results.
  let listing: ListOptions

  /// ` (3 toys; by price, first 3)`: the words a list's heading adds for `listing`.
  var listingNote: String {
    (listing.isEmpty ? "" : "; \(listing)")
      + (fitting.only ? "; what fits \(fitting.name ?? "") (\(fitting.age ?? 0))" : "")
  }
  /// Poster URL → its cached file, for the posters this screen draws.
  let posterFiles: [String: URL]
  /// The episodes of the shows this screen shows, by show id.
  let episodes: [Int: [Episode]]
  let watched: WatchedDocument
  let now: Date
  /// The place the screen is for.
  var location: Location = .home
  /// The active profile's stories read and wish list.
  var storiesRead = StoriesReadDocument()
  var wishList = WishListDocument()
  /// Whose age marks what fits (`--for`), and whether only that is listed (`--fits`).
  var fitting = Fitting.nobody

  func watchedIDs(show: Int) -> Set<Int> {
    Set(watched.episodes(show: show).map(\.id))
  }

  var catalog: Catalog {
    get throws {
      if let loadedCatalog { return loadedCatalog }
      return try library.catalog
    }
  }

  func toyModel(_ toy: Toy) -> ToyModel {
    let item = ItemID(.toy, toy.id)
    return ToyModel(
      toy, favorite: favorites.contains(item), inCart: cart.quantity(of: item),
      fits: fitting.fits(toy.ages))
  }

  func storyModel(_ story: Story) -> StoryModel {
    StoryModel(
      story, favorite: favorites.contains(ItemID(.story, story.id)),
      read: storiesRead.contains(story.id), fits: fitting.fits(story.ages))
  }

  func productModel(_ product: Product) throws -> ProductModel {
    let item = ItemID(.product, product.id)
    return ProductModel(
      product, imagePath: try catalog.url(forProductImage: product).path,
      favorite: favorites.contains(item), inCart: cart.quantity(of: item))
  }

  func showModel(_ show: Show, summary: Bool = false) -> ShowModel {
    ShowModel(
      show, favorite: favorites.contains(ItemID(.show, show.id)),
      summaryText: summary ? show.summary.map(HTMLText.plainText) : nil)
  }
}

import Foundation
import ShelfCatalog
import ShelfStore

/// Everything a screen is built from, read before it is built: the library's data, the user's
/// files and the posters at hand. Building a screen from these does no I/O of its own.
struct ScreenInputs {
  let library: Library
  let favorites: FavoritesDocument
  let cart: CartDocument
  let preferences: PreferencesDocument
  /// `ls --posters`: the show list with a poster beside each show.
  let listsPosters: Bool
  /// Poster URL → its cached file, for the posters this screen draws.
  let posterFiles: [String: URL]
  /// The episodes of the shows this screen shows, by show id.
  let episodes: [Int: [Episode]]
  let watched: WatchedDocument
  let now: Date

  func watchedIDs(show: Int) -> Set<Int> {
    Set(watched.episodes(show: show).map(\.id))
  }

  var catalog: Catalog { library.catalog }

  func toyModel(_ toy: Toy) -> ToyModel {
    let item = ItemID(.toy, toy.id)
    return ToyModel(toy, favorite: favorites.contains(item), inCart: cart.quantity(of: item))
  }

  func storyModel(_ story: Story) -> StoryModel {
    StoryModel(story, favorite: favorites.contains(ItemID(.story, story.id)))
  }

  func productModel(_ product: Product) -> ProductModel {
    let item = ItemID(.product, product.id)
    return ProductModel(
      product, imagePath: catalog.url(forProductImage: product).path,
      favorite: favorites.contains(item), inCart: cart.quantity(of: item))
  }

  func showModel(_ show: Show, summary: Bool = false) -> ShowModel {
    ShowModel(
      show, favorite: favorites.contains(ItemID(.show, show.id)),
      summaryText: summary ? show.summary.map(HTMLText.plainText) : nil)
  }
}

import Foundation
import ShelfCatalog
import ShelfStore

/// `--tracking STATUS` (lists of shows keep the shows with that status) and `--all` (/upnext
/// and `upcoming` keep paused, dropped and completed shows too).
struct TrackingListing: Sendable {
  var status: TrackingStatus?
  var all = false

  /// Whether a show with this status is listed.
  func keeps(_ status: TrackingStatus?) -> Bool {
    guard let wanted = self.status else { return true }
    return status == wanted
  }

  /// Whether /upnext and `upcoming` list a show with this status.
  func schedules(_ status: TrackingStatus) -> Bool { all || !status.isSetAside }
}

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
  /// `--sort`, `--reverse`, `--limit` and the filters asked of the list shown.
  let listing: ListRequest
  /// Poster URL → its cached file, for the posters this screen draws.
  let posterFiles: [String: URL]
  /// The episodes of the shows this screen shows, by show id.
  let episodes: [Int: [Episode]]
  /// The episodes of every favourite show as outlines, for up next.
  var outlinesOfFavorites: [Int: EpisodeOutlines] = [:]
  let watched: WatchedDocument
  let now: Date
  /// Statuses and ratings.
  let tracking: TrackingFacts
  /// Spoiler-safe mode, on or off.
  let spoilers: SpoilerShield
  /// `--tracking STATUS`, `--all`: which tracked shows a list keeps.
  let trackingListing: TrackingListing
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

  /// The show's status for a list (nil when it is not tracked).
  func trackingStatus(of show: Show) -> TrackingStatus? {
    tracking.trackingStatus(of: show, episodes: episodes[show.id])
  }

  /// An episode's row with its mark, the viewer's rating and spoilers hidden as asked;
  /// `hidden` is what `spoilers.hidden` gave for its show.
  func episodeRow(
    _ episode: Episode, show: Show, watched: Set<Int>, hidden: Set<Int>, details: Bool = false
  ) -> EpisodeRow {
    EpisodeRow(
      episode, show: show, watched: watched.contains(episode.id), details: details,
      hidden: hidden.contains(episode.id), myRating: tracking.rating(ofEpisode: episode.id))
  }

  var catalog: Catalog {
    get throws {
      if let loadedCatalog { return loadedCatalog }
      return try library.catalog
    }
  }

  func toyRow(_ toy: Toy) -> ToyRow {
    let item = ItemID(.toy, toy.id)
    return ToyRow(
      toy, favorite: favorites.contains(item), inCart: cart.quantity(of: item),
      fits: fitting.fits(toy.ages))
  }

  func storyRow(_ story: Story) -> StoryRow {
    StoryRow(
      story, favorite: favorites.contains(ItemID(.story, story.id)),
      read: storiesRead.contains(story.id), fits: fitting.fits(story.ages))
  }

  func productRow(_ product: Product) throws -> ProductRow {
    let item = ItemID(.product, product.id)
    return ProductRow(
      product, imagePath: try catalog.url(forProductImage: product).path,
      favorite: favorites.contains(item), inCart: cart.quantity(of: item))
  }

  func showItemRow(_ show: Show, summary: Bool = false) -> ShowItemRow {
    ShowItemRow(
      show, favorite: favorites.contains(ItemID(.show, show.id)),
      summaryText: summary ? show.summary.map(HTMLText.plainText) : nil,
      tracking: trackingStatus(of: show), myRating: tracking.rating(ofShow: show.id),
      fits: fitting.fits(genres: show.genres ?? []))
  }
}

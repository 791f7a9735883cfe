import Foundation
import ShelfCatalog
import ShelfDomain
import ShelfStore
import ShelfTV

/// Everything a screen is built from, read before it is built (`Screens`): the inputs its
/// section declared for the place (`ScreenNeeds`), the request and the time. It holds values
/// and, for the lists printed while they are made, the readers of the sources declared (the
/// catalog's columns, the show store's pages); never the library. Reading an input that was
/// not declared is a mistake a debug build stops at.
struct ScreenInputs {
  /// What the place's section declared.
  let needs: ScreenNeeds
  /// The place the screen is for.
  let location: Location
  /// `--sort`, `--reverse`, `--limit` and the filters asked of the list shown.
  let listing: ListRequest
  /// `--tracking STATUS`, `--all`: which tracked shows a list keeps.
  let trackingListing: TrackingListing
  let now: Date
  /// `ls --posters`: the show list with a poster beside each show.
  var listsPosters = false
  /// Poster URL → its cached file, for the posters this screen draws.
  var posterFiles: [String: URL] = [:]
  /// `ls /shows --posters` where pictures are drawn: the shows the list shows (the first
  /// `ShowListScreen.posterLimit`), whose posters `posterFiles` has.
  var posterShows: [Show]?
  /// Whose favourites, marks and statuses are read when not the active person's (`ls /upnext
  /// --for Mia`).
  var person: ProfileRecord?
  /// The values read for the declared inputs; read them through the properties below.
  var values = Values()

  /// The inputs as read (empty until read).
  struct Values {
    var catalog: Catalog?
    var favorites = FavoritesDocument()
    var cart = CartDocument()
    /// Cart lines bought for the active profile, left out of `cart`.
    var hiddenCartLines = 0
    var watched = WatchedDocument()
    var tracking = TrackingFacts(
      document: TrackingDocument(), watched: WatchedDocument(), favorites: [], now: Date())
    var spoilers = SpoilerShield.off
    var preferences = PreferencesDocument()
    var storiesRead = StoriesReadDocument()
    var wishList: OwnedWishList?
    var household = HouseholdInput()
    var people: [Int: PersonCounts] = [:]
    var fitting = Fitting.nobody
    var show: Show?
    var episodes: [Int: [Episode]] = [:]
    var outlines: [Int: EpisodeOutlines] = [:]
    var showList: ShowListInput?
    var showCount = 0
    var onlineResults: [Show] = []
    var found = FoundEntries(entries: [], total: 0)
    var showPages: ShowPages?
  }

  init(
    needs: ScreenNeeds, location: Location, listing: ListRequest = .init(),
    trackingListing: TrackingListing = .init(), now: Date
  ) {
    self.needs = needs
    self.location = location
    self.listing = listing
    self.trackingListing = trackingListing
    self.now = now
  }

  /// `value`, which the screen may read only when its section declared one of `need`.
  private func declared<Value>(_ need: ScreenNeeds, _ value: Value) -> Value {
    assert(
      !needs.isDisjoint(with: need), "a screen of \(location.path) read an input it did not declare"
    )
    return value
  }

  /// The catalog; an error when the place declared none (a screen of shows).
  var catalog: Catalog {
    get throws {
      guard let catalog = declared(.catalog, values.catalog) else {
        throw ShellError.noSuchScreen(path: location.path, reason: "it lists no catalog items")
      }
      return catalog
    }
  }
  var favorites: FavoritesDocument { declared(.favorites, values.favorites) }
  var cart: CartDocument { declared(.cart, values.cart) }
  /// How many cart lines are hidden from the active profile (bought for them).
  var hiddenCartLines: Int { declared(.cart, values.hiddenCartLines) }
  var watched: WatchedDocument { declared(.watched, values.watched) }
  /// Statuses and ratings.
  var tracking: TrackingFacts { declared(.tracking, values.tracking) }
  /// Spoiler-safe mode, on or off.
  var spoilers: SpoilerShield { declared(.spoilers, values.spoilers) }
  var preferences: PreferencesDocument { declared(.preferences, values.preferences) }
  /// The active profile's stories read.
  var storiesRead: StoriesReadDocument { declared(.storiesRead, values.storiesRead) }
  /// The wish list of the place's owner, with who owns it.
  var wishList: OwnedWishList? { declared(.wishList, values.wishList) }
  /// The people of the household and who is active.
  var household: HouseholdInput { declared(.household, values.household) }
  /// Each person's counts, by profile id.
  var people: [Int: PersonCounts] { declared(.people, values.people) }
  /// Whose age marks what fits (`--for`), and whether only that is listed (`--fits`).
  var fitting: Fitting { declared(.fitting, values.fitting) }
  /// The place's show (nil when the list does not have it).
  var show: Show? { declared(.show, values.show) }
  /// The episodes of the place's show, and the known ones of tracked shows whose status
  /// follows them, by show id (none when they are not known).
  var episodes: [Int: [Episode]] { declared([.show, .tracking], values.episodes) }
  /// The episodes of every favourite show as outlines, for up next.
  var outlinesOfFavorites: [Int: EpisodeOutlines] { declared(.outlines, values.outlines) }
  /// The show list as `/shows` lists it.
  var showList: ShowListInput? { declared(.showList, values.showList) }
  var showCount: Int { declared(.showCount, values.showCount) }
  /// The shows the last online search found for the place's text.
  var onlineResults: [Show] { declared(.onlineResults, values.onlineResults) }
  /// `find`'s results at the place.
  var found: FoundEntries { declared(.found, values.found) }
  /// The show store, read a page (or a show) at a time while a long list of shows is printed.
  var showPages: ShowPages? { declared([.found, .showList], values.showPages) }

  /// The name of a toy, story or product as the catalog has it now (nil when it has left the
  /// catalog, and for a show: wishes and cart lines are never shows).
  func name(of item: ItemID) throws -> String? {
    switch item.kind {
    case .toy: try catalog.toy(id: item.id)?.name
    case .story: try catalog.story(id: item.id)?.title
    case .product: try catalog.product(id: item.id)?.name
    case .show: nil
    }
  }

  /// The unit price of a toy or product (nil for others, and when it has left the catalog).
  func price(of item: ItemID) throws -> Money? {
    switch item.kind {
    case .toy: try catalog.toy(id: item.id)?.price
    case .product: try catalog.product(id: item.id)?.price
    case .story, .show: nil
    }
  }

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
    let marked = watched.contains(episode.id)
    return EpisodeRow(
      episode, show: show, watched: marked,
      plays: marked ? self.watched.mark(show: show.id, episode: episode.id)?.plays : nil,
      details: details,
      hidden: hidden.contains(episode.id), myRating: tracking.rating(ofEpisode: episode.id))
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
      fits: needs.contains(.fitting) ? fitting.fits(genres: show.genres ?? []) : nil)
  }
}

import ShelfCatalog
import ShelfStore

/// `/wishlist`: the active profile's wish list (toys, products and stories). Another person's
/// is at `/profiles/NAME/wishlist`; both are built here.
struct WishListSection: Section {
  let root = Location.wishList

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    row("Your wish list", count: inputs.wishList.wishes.count, unit: "wished")
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    try Self.screen(of: inputs.library.userData.active, inputs: inputs)
  }

  func listCapabilities(at location: Location) -> ListCapabilities? {
    WishRow.list(seenByOwner: true).capabilities
  }

  func items(at location: Location, in library: Library) throws -> [Entry] {
    try Self.entries(of: library.userData.active, at: location, in: library)
  }

  /// A path leads only to wishes whose item is still there.
  func children(of location: Location, in library: Library) throws -> [Entry] {
    try items(at: location, in: library).filter { !$0.isGone }
  }

  /// `owner`'s wish list as the active profile sees it.
  static func screen(of owner: ProfileRecord, inputs: ScreenInputs) throws -> WishListScreen {
    let library = inputs.library
    let household = try library.household()
    let viewer = library.userData.active.id
    let seenByOwner = owner.id == viewer
    let wishes = try library.userData.person(for: owner).wishList.read().wishes
    let rows = try wishes.map { wish in
      let current = try library.name(of: wish.item)
      let claim: WishRow.Claim =
        seenByOwner
        ? .hiddenFromOwner
        : wish.claimedBy.map {
          .claimed(
            by: household.profile(id: $0)?.name ?? "a removed profile", byViewer: $0 == viewer)
        }
          ?? .open
      return WishRow(
        kind: wish.kind, id: wish.id, name: current ?? wish.name ?? wish.item.description,
        price: try library.price(of: wish.item), claim: claim, available: current != nil)
    }
    let path =
      seenByOwner && inputs.location == .wishList
      ? "/wishlist" : Location.profileWishList(owner.name).path
    return WishListScreen(
      path: path, owner: owner.name, seenByOwner: seenByOwner, rows: rows,
      request: inputs.listing)
  }

  /// The wishes of `owner` as entries of the list at `location`; one the catalog no longer
  /// has is a gone entry, named as it was wished for.
  static func entries(of owner: ProfileRecord, at location: Location, in library: Library) throws
    -> [Entry]
  {
    let places = Places(library: library)
    return try library.userData.person(for: owner).wishList.read().wishes.map { wish in
      if try library.location(of: wish.item) != nil, let entry = try places.entry(for: wish.item) {
        return entry
      }
      return Entry(
        name: wish.name ?? wish.item.description, segment: String(wish.id), location: location,
        item: wish.item, isGone: true)
    }
  }
}

import ShelfStore

/// `/wishlist`: the active profile's wish list (toys, products and stories). Another person's
/// is at `/profiles/NAME/wishlist`; both are built here.
struct WishListSection: Section {
  let root = Location.wishList

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    row("Your wish list", count: inputs.wishList?.document.wishes.count ?? 0, unit: "wished")
  }

  let homeRowInputs: ScreenNeeds = .wishList

  func inputs(at location: Location) -> ScreenNeeds { [.wishList, .household, .catalog] }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    try Self.screen(inputs: inputs)
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

  /// The place's wish list (`inputs.wishList`) as the active profile sees it.
  static func screen(inputs: ScreenInputs) throws -> WishListScreen {
    guard let wishList = inputs.wishList else {
      throw ShellError.noSuchScreen(path: inputs.location.path, reason: "it is no wish list")
    }
    let household = inputs.household.document
    let owner = wishList.owner
    let seenByOwner = wishList.seenByOwner
    let viewer = inputs.household.active.id
    let rows = try wishList.document.wishes.map { wish in
      let current = try inputs.name(of: wish.item)
      let claim: WishRow.Claim =
        seenByOwner
        ? .hiddenFromOwner
        : wish.claimer(in: household).map { .claimed(by: $0.name, byViewer: $0.id == viewer) }
          ?? .open
      return WishRow(
        kind: wish.kind, id: wish.id, name: current ?? wish.name ?? wish.item.description,
        price: try inputs.price(of: wish.item), claim: claim, available: current != nil)
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

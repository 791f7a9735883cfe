import ShelfCatalog
import ShelfDomain

/// `/favorites`: every saved item, grouped by kind. An item the catalog (or the show store)
/// no longer has is listed by the name it was saved with, and can be removed.
struct FavoritesSection: Section {
  let root = Location.favorites

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    row("Your favorites", count: inputs.favorites.count, unit: "saved")
  }

  let homeRowInputs: ScreenNeeds = .favorites

  func inputs(at location: Location) -> ScreenNeeds {
    ScreenNeeds.itemRows.union(.showRows)
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let favorites = inputs.favorites
    // The catalog is read only when there are toys, stories or products to list.
    func catalog() throws -> Catalog { try inputs.catalog }
    func gone(_ item: ItemID) -> ItemRow {
      .gone(
        GoneItemRow(
          kind: item.kind, id: item.id, name: favorites.savedName(of: item) ?? item.description))
    }
    var rows: [ItemRow] = []
    for id in favorites.toys {
      rows.append(
        try catalog().toy(id: id).map { .toy(inputs.toyRow($0)) } ?? gone(ItemID(.toy, id)))
    }
    for id in favorites.stories {
      rows.append(
        try catalog().story(id: id).map { .story(inputs.storyRow($0)) }
          ?? gone(ItemID(.story, id)))
    }
    for id in favorites.products {
      rows.append(
        try catalog().product(id: id).map { .product(try inputs.productRow($0)) }
          ?? gone(ItemID(.product, id)))
    }
    // A favourite show is listed from its saved data, which stays usable offline.
    rows += favorites.shows.map { .show(inputs.showItemRow($0)) }
    if let status = inputs.trackingListing.status {
      // Only shows have a status.
      rows = rows.filter { row in
        guard case .show(let show) = row else { return false }
        return show.tracking == status.rawValue
      }
    }
    return FavoritesScreen(rows: rows, request: inputs.listing)
  }

  func listCapabilities(at location: Location) -> ListCapabilities? {
    ItemRow.list.capabilities
  }

  func items(at location: Location, in library: Library) throws -> [Entry] {
    guard let favorites = try? library.favorites() else { return [] }
    let places = Places(library: library)
    return try favorites.items.compactMap(places.entry(for:))
  }

  /// A path leads only to favourites whose item is still there.
  func children(of location: Location, in library: Library) throws -> [Entry] {
    try items(at: location, in: library).filter { !$0.isGone }
  }

  func find(_ query: CatalogQuery, in library: Library) throws -> [RankedEntry] {
    try RankedEntry.search(children(of: root, in: library), for: query, in: library)
  }
}

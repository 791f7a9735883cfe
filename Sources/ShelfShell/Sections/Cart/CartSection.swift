import ShelfCatalog
import ShelfDomain

/// `/cart`: the cart's lines and total. A line whose item the catalog no longer has is listed
/// by the name it was saved with, left out of the total, and can be removed.
struct CartSection: Section {
  let root = Location.cart

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    let count = try inputs.cart.lines.reduce(0) { count, line in
      try inputs.price(of: line.item) == nil ? count : count + line.quantity
    }
    return row("Your cart", count: count, unit: "items")
  }

  let homeRowInputs: ScreenNeeds = [.cart, .catalog]

  func inputs(at location: Location) -> ScreenNeeds { [.cart, .catalog] }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    CartScreen(
      rows: try inputs.cart.lines.map { line -> CartLineRow in
        guard let price = try inputs.price(of: line.item),
          let name = try inputs.name(of: line.item)
        else {
          return CartLineRow(
            kind: line.kind, id: line.id, name: line.name ?? line.item.description,
            quantity: line.quantity, unitPrice: nil, lineTotal: nil, available: false)
        }
        return CartLineRow(
          kind: line.kind, id: line.id, name: name, quantity: line.quantity, unitPrice: price,
          lineTotal: price * line.quantity, available: true)
      }, request: inputs.listing, hiddenLines: inputs.hiddenCartLines)
  }

  func listCapabilities(at location: Location) -> ListCapabilities? {
    CartLineRow.list.capabilities
  }

  func items(at location: Location, in library: Library) throws -> [Entry] {
    guard let cart = try? library.cart() else { return [] }
    let places = Places(library: library)
    return try cart.lines.compactMap { try places.entry(for: $0.item) }
  }

  /// A path leads only to lines whose item is still there.
  func children(of location: Location, in library: Library) throws -> [Entry] {
    try items(at: location, in: library).filter { !$0.isGone }
  }

  func find(_ query: CatalogQuery, in library: Library) throws -> [RankedEntry] {
    try RankedEntry.search(children(of: root, in: library), for: query, in: library)
  }
}

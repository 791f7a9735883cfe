import ShelfCatalog

/// `/cart`: the cart's lines and total.
struct CartSection: Section {
  let root = Location.cart

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    row("Your cart", count: inputs.cart.lines.reduce(0) { $0 + $1.quantity }, unit: "items")
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let library = inputs.library
    return CartScreen(
      rows: try inputs.cart.lines.map { line in
        let price = try library.price(of: line.item)
        return CartLineModel(
          kind: line.kind, id: line.id,
          name: try library.name(of: line.item) ?? "(no longer in the catalog)",
          quantity: line.quantity, unitPrice: price, lineTotal: price.map { $0 * line.quantity })
      })
  }

  func items(at location: Location, in library: Library) throws -> [Entry] {
    guard let cart = try? library.cart() else { return [] }
    let directory = Directory(library: library)
    return try cart.lines.compactMap { try directory.entry(for: $0.item) }
  }

  func find(_ query: CatalogQuery, in library: Library) throws -> [RankedEntry] {
    try RankedEntry.search(items(at: root, in: library), for: query, in: library)
  }
}

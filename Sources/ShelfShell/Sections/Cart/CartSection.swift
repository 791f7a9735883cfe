import ShelfCatalog

/// `/cart`: the cart's lines and total.
struct CartSection: Section {
  let root = Location.cart

  func homeRow(inputs: ScreenInputs) -> HomeScreen.Row? {
    row("Your cart", count: inputs.cart.lines.reduce(0) { $0 + $1.quantity }, unit: "items")
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let library = inputs.library
    return CartScreen(
      rows: inputs.cart.lines.map { line in
        let price = library.price(of: line.item)
        return CartLineModel(
          kind: line.kind, id: line.id,
          name: library.name(of: line.item) ?? "(no longer in the catalog)",
          quantity: line.quantity, unitPrice: price, lineTotal: price.map { $0 * line.quantity })
      })
  }
}

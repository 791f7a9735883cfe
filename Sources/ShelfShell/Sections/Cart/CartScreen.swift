import ShelfCatalog

/// One cart line as `--json` shows it.
struct CartLineModel: Encodable, Sendable {
  let kind: ItemKind
  let id: Int
  let name: String
  let quantity: Int
  let unitPrice: Money?
  let lineTotal: Money?
}

/// `/cart`: the lines with quantities, unit prices and line totals, then the total.
struct CartScreen: Screen {
  let path = "/cart"
  let rows: [CartLineModel]
  /// Items in the cart (the sum of the quantities).
  let itemCount: Int
  let total: Money

  init(rows: [CartLineModel]) {
    self.rows = rows
    itemCount = rows.reduce(0) { $0 + $1.quantity }
    total = rows.compactMap(\.lineTotal).sum()
  }

  var blocks: [Block] {
    var blocks: [Block] = [.text(StyledText("Cart", .heading))]
    guard !rows.isEmpty else {
      blocks.append(
        .text(StyledText("The cart is empty: \"buy\" on a toy or product adds it.", .dim)))
      return blocks
    }
    let table = Table(
      columns: [
        .init("Ref"), .init("Name", flexible: true), .init("Qty", .right),
        .init("Unit", .right), .init("Line total", .right),
      ],
      rows: rows.map { line in
        [
          StyledText("\(line.kind.rawValue):\(line.id)", .dim), StyledText(line.name),
          StyledText(String(line.quantity)),
          StyledText(line.unitPrice?.formatted ?? "–", .price),
          StyledText(line.lineTotal?.formatted ?? "–", .price),
        ]
      })
    blocks.append(.table(table))
    blocks.append(
      .text(
        StyledText("Total: ", .bold) + StyledText(total.formatted, .price)
          + StyledText(" (\(Thousands.grouped(itemCount)) item\(itemCount == 1 ? "" : "s"))", .dim))
    )
    return blocks
  }
}

import ShelfCatalog

/// One cart line as `--json` shows it.
struct CartLineModel: Encodable, Sendable {
  let kind: ItemKind
  let id: Int
  let name: String
  let quantity: Int
  let unitPrice: Money?
  let lineTotal: Money?
  /// False when the catalog no longer has the item: `name` is the one it was saved with, and
  /// the line is left out of the total.
  let available: Bool
}

/// `/cart`: the lines with quantities, unit prices and line totals, then the total.
struct CartScreen: Screen {
  let path = "/cart"
  let rows: [CartLineModel]
  /// Items in the total (the sum of the quantities of the lines still available).
  let itemCount: Int
  let total: Money
  /// Lines whose item is no longer in the catalog, left out of the total.
  let unavailableLines: Int

  init(rows: [CartLineModel]) {
    self.rows = rows
    itemCount = rows.filter(\.available).reduce(0) { $0 + $1.quantity }
    total = rows.compactMap(\.lineTotal).sum()
    unavailableLines = rows.filter { !$0.available }.count
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
          StyledText("\(line.kind.rawValue):\(line.id)", .dim),
          line.available
            ? StyledText(line.name)
            : StyledText(line.name) + StyledText(" (no longer in the catalog)", .dim),
          StyledText(String(line.quantity)),
          StyledText(line.unitPrice?.formatted ?? "–", .price),
          StyledText(line.lineTotal?.formatted ?? "–", .price),
        ]
      })
    blocks.append(.table(table))
    var counted = "\(Thousands.grouped(itemCount)) item\(itemCount == 1 ? "" : "s")"
    if unavailableLines > 0 {
      counted +=
        "; \(unavailableLines) line\(unavailableLines == 1 ? "" : "s") no longer available"
    }
    blocks.append(
      .text(
        StyledText("Total: ", .bold) + StyledText(total.formatted, .price)
          + StyledText(" (\(counted))", .dim)))
    return blocks
  }
}

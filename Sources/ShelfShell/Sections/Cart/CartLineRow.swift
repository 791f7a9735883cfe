import ShelfDomain
import ShelfSearch

/// One cart line as `--json` shows it.
struct CartLineRow: Encodable, Sendable {
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

extension CartLineRow: ListedRow {
  static let list = ListDeclaration<CartLineRow>(
    unit: "lines",
    columns: [
      ListColumn("Ref", keys: ["kind", "id"]) { StyledText("\($0.kind.rawValue):\($0.id)", .dim) },
      ListColumn("Name", keys: ["name"], flexible: true) { line in
        line.available
          ? StyledText(line.name)
          : StyledText(line.name) + StyledText(" (no longer in the catalog)", .dim)
      },
      ListColumn("Qty", keys: ["quantity"], .right) { StyledText(String($0.quantity)) },
      ListColumn("Unit", keys: ["unitPrice"], .right) {
        StyledText($0.unitPrice?.formatted ?? "–", .price)
      },
      ListColumn("Line total", keys: ["lineTotal"], .right) {
        StyledText($0.lineTotal?.formatted ?? "–", .price)
      },
    ],
    orders: [
      .by("name") { SearchKey.fold($0.name) }, .by("quantity") { $0.quantity },
      .by("price") { $0.unitPrice }, .by("total") { $0.lineTotal },
    ],
    filters: [.kind: ListFilters.kind(\.kind), .price: ListFilters.price(\.unitPrice)],
    name: \.name)
}

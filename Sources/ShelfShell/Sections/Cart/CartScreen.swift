import ShelfDomain
import ShelfSearch

/// `/cart`: the lines with quantities, unit prices and line totals, then the total of the
/// whole cart.
struct CartScreen: Screen {
  let path = "/cart"
  let rows: [CartLineRow]
  private let shownRows: [CartLineRow]
  private let request: ListRequest
  private let kept: Int
  private let allLines: Int
  /// Items in the total (the sum of the quantities of the lines still available).
  let itemCount: Int
  /// What the whole cart costs: `totalPrice` in JSON (`total` is a count of rows in every
  /// list, the cart's too).
  let totalPrice: Money
  /// Lines whose item is no longer in the catalog, left out of the total.
  let unavailableLines: Int
  /// Lines bought for the active profile, hidden from them (nil: none).
  let hiddenLines: Int?

  private enum CodingKeys: String, CodingKey {
    case itemCount, totalPrice, unavailableLines, hiddenLines
  }

  func encode(to encoder: Encoder) throws {
    // As every list: `total` is how many lines the request kept, when --limit showed fewer.
    try ListingJSON(path: path, rows: rows, shown: rows.count, total: kept).encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(itemCount, forKey: .itemCount)
    try container.encode(totalPrice, forKey: .totalPrice)
    try container.encode(unavailableLines, forKey: .unavailableLines)
    try container.encodeIfPresent(hiddenLines, forKey: .hiddenLines)
  }

  init(rows: [CartLineRow], request: ListRequest = ListRequest(), hiddenLines: Int = 0) {
    self.hiddenLines = hiddenLines > 0 ? hiddenLines : nil
    let arranged = CartLineRow.list.arrange(rows, request)
    self.rows = arranged.rows
    shownRows = arranged.rows
    kept = arranged.total
    allLines = rows.count
    self.request = request
    itemCount = rows.filter(\.available).reduce(0) { $0 + $1.quantity }
    totalPrice = rows.compactMap(\.lineTotal).sum()
    unavailableLines = rows.filter { !$0.available }.count
  }

  var blocks: [Block] {
    var blocks: [Block] = [.text(StyledText("Cart", .heading))]
    guard itemCount > 0 || unavailableLines > 0 else {
      blocks.append(
        .text(StyledText("The cart is empty: \"buy\" on a toy or product adds it.", .dim)))
      return blocks
    }
    if !request.isEmpty {
      blocks[0] = .text(
        StyledText(
          ListHeading.text(
            "Cart", shown: shownRows.count, total: kept, all: allLines, unit: "lines",
            request: request), .heading))
    }
    blocks.append(.table(CartLineRow.list.table(shownRows)))
    var counted = Thousands.counted(itemCount, "items")
    if unavailableLines > 0 {
      counted += "; \(Thousands.counted(unavailableLines, "lines")) no longer available"
    }
    if let hiddenLines {
      counted += "; \(hiddenLines) line\(hiddenLines == 1 ? "" : "s") hidden"
    }
    blocks.append(
      .text(
        StyledText("Total: ", .bold) + StyledText(totalPrice.formatted, .price)
          + StyledText(" (\(counted))", .dim)))
    return blocks
  }
}

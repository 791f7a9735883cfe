import ShelfCatalog

/// What a catalog item shows as a row of its list: the list's columns and the row's cells.
protocol ListedItem: Encodable, Sendable {
  /// What the heading counts (`toys`, `stories`, `products`).
  static var unit: String { get }
  static var columns: [Table.Column] { get }
  var cells: [StyledText] { get }
}

/// `/toys/Dolls`, `/stories/3-5`, `/store/Electronics`: the items of one group.
struct ItemListScreen<Item: ListedItem>: Screen {
  let title: String
  /// What `ls --sort/--limit/--price` did, for the heading (`; by price, first 3`).
  var note = ""
  let listing: ListingModel<Item>

  func encode(to encoder: Encoder) throws { try listing.encode(to: encoder) }

  var blocks: [Block] {
    let table = Table(columns: Item.columns, rows: listing.rows.map(\.cells))
    let count = Thousands.grouped(listing.rows.count)
    return [
      .text(StyledText("\(title) (\(count) \(Item.unit)\(note))", .heading)),
      .table(table),
    ]
  }
}

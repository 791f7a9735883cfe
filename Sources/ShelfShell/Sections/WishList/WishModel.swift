import ShelfCatalog

/// One wish as a wish list shows it: the item, its price (null for a story), and for anyone
/// but the list's owner whether someone is buying it and who. The owner's rows have no claim
/// at all, so no screen, format or export made from them can show one.
struct WishModel: Encodable, Sendable {
  /// Who is looking: the owner sees no claims.
  enum Claim: Sendable {
    case hiddenFromOwner
    case open
    case claimed(by: String)
  }

  let kind: ItemKind
  let id: Int
  let name: String
  let price: Money?
  let claim: Claim
  /// False when the catalog no longer has the item (listed by its saved name).
  let available: Bool

  private enum CodingKeys: String, CodingKey { case kind, id, name, price, claimed, claimedBy }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    if let price {
      try container.encode(price, forKey: .price)
    } else {
      try container.encodeNil(forKey: .price)
    }
    switch claim {
    case .hiddenFromOwner:
      break
    case .open:
      try container.encode(false, forKey: .claimed)
      try container.encodeNil(forKey: .claimedBy)
    case .claimed(let name):
      try container.encode(true, forKey: .claimed)
      try container.encode(name, forKey: .claimedBy)
    }
  }
}

/// `/wishlist` and `/profiles/NAME/wishlist`: a person's wishes in the order they were made.
struct WishListScreen: Screen {
  let path: String
  /// Whose list it is.
  let owner: String
  /// The active profile is the owner: no claim column.
  let seenByOwner: Bool
  let rows: [WishModel]

  private enum CodingKeys: String, CodingKey { case path, rows }

  var blocks: [Block] {
    let title = seenByOwner ? "Your wish list, \(owner)" : "\(owner)'s wish list"
    var blocks: [Block] = [.text(StyledText("\(title) (\(rows.count))", .heading))]
    guard !rows.isEmpty else {
      blocks.append(
        .text(StyledText("No wishes yet: \"wish\" on a toy, product or story adds it.", .dim)))
      return blocks
    }
    var columns: [Table.Column] = [
      .init("Ref"), .init("Name", flexible: true), .init("Price", .right),
    ]
    if !seenByOwner { columns.append(.init("Claimed")) }
    let table = Table(
      columns: columns,
      rows: rows.map { row in
        var cells = [
          StyledText("\(row.kind.rawValue):\(row.id)", .dim),
          row.available
            ? StyledText(row.name)
            : StyledText(row.name) + StyledText(" (no longer in the catalog)", .dim),
          StyledText(row.price?.formatted ?? "–", .price),
        ]
        switch row.claim {
        case .hiddenFromOwner: break
        case .open: cells.append(StyledText("–", .dim))
        case .claimed(let name): cells.append(StyledText("by \(name)", .accent))
        }
        return cells
      })
    blocks.append(.table(table))
    if !seenByOwner {
      blocks.append(
        .text(
          StyledText("\"claim REF\" marks an item you are buying; \(owner) never sees it.", .dim)))
    }
    return blocks
  }
}

import ShelfDomain
import ShelfSearch

/// One wish as a wish list shows it: the item, its price (null for a story), and for anyone
/// but the list's owner whether someone is buying it and who. The owner's rows have no claim
/// at all, so no screen, format or export made from them can show one.
struct WishRow: Encodable, Sendable {
  /// Who is looking: the owner sees no claims.
  enum Claim: Sendable {
    case hiddenFromOwner
    case open
    /// Claimed by that person; `byViewer` when it is the one looking ("by you").
    case claimed(by: String, byViewer: Bool)
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
    case .claimed(let name, _):
      try container.encode(true, forKey: .claimed)
      try container.encode(name, forKey: .claimedBy)
    }
  }
}

extension WishRow {
  /// The wish list's declaration: its owner sees no claim column.
  static func list(seenByOwner: Bool) -> ListDeclaration<WishRow> {
    var columns: [ListColumn<WishRow>] = [
      ListColumn("Ref", keys: ["kind", "id"]) { StyledText("\($0.kind.rawValue):\($0.id)", .dim) },
      ListColumn("Name", keys: ["name"], flexible: true) { row in
        row.available
          ? StyledText(row.name)
          : StyledText(row.name) + StyledText(" (no longer in the catalog)", .dim)
      },
      ListColumn("Price", keys: ["price"], .right) {
        StyledText($0.price?.formatted ?? "–", .price)
      },
    ]
    if !seenByOwner {
      columns.append(
        ListColumn("Claimed", keys: ["claimed", "claimedBy"]) { row in
          switch row.claim {
          case .hiddenFromOwner: StyledText("")
          case .open: StyledText("–", .dim)
          case .claimed(let name, let byViewer):
            StyledText("by \(byViewer ? "you" : name)", .accent)
          }
        })
    }
    return ListDeclaration(
      unit: "wishes", columns: columns,
      orders: [
        .by("name") { SearchKey.fold($0.name) }, .by("price") { $0.price },
        .by("kind") { $0.kind },
      ],
      filters: [.kind: ListFilters.kind(\.kind), .price: ListFilters.price(\.price)],
      name: \.name)
  }
}

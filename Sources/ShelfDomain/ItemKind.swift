/// The four kinds of thing the catalog holds.
public enum ItemKind: String, CaseIterable, Codable, Sendable, Comparable {
  case toy, story, product, show

  public var plural: String {
    switch self {
    case .toy: "toys"
    case .story: "stories"
    case .product: "products"
    case .show: "shows"
    }
  }

  /// Toys and products can be bought; stories and shows cannot.
  public var isBuyable: Bool { self == .toy || self == .product }

  public static func < (left: ItemKind, right: ItemKind) -> Bool {
    allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
  }
}

/// A kind-qualified id, written `toy:42`, `story:7`, `product:1001` or `show:1`.
public struct ItemID: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
  public let kind: ItemKind
  public let id: Int

  public init(_ kind: ItemKind, _ id: Int) {
    self.kind = kind
    self.id = id
  }

  public init?(parsing text: String) {
    let parts = text.split(separator: ":", maxSplits: 1)
    guard parts.count == 2, let kind = ItemKind(rawValue: parts[0].lowercased()),
      let id = Int(parts[1])
    else { return nil }
    self.init(kind, id)
  }

  public var description: String { "\(kind.rawValue):\(id)" }

  public static func < (left: ItemID, right: ItemID) -> Bool {
    (left.kind, left.id) < (right.kind, right.id)
  }
}

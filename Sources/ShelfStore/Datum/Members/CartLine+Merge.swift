import ShelfDomain

/// A cart line merges by `.cart`: its quantity is a counter (what each side added to the
/// base adds up, at most 999; with no base, the larger), the rest as any member.
extension CartLine: SetMember {
  public var key: ItemID { item }
  public var catalogItem: ItemID? { item }
  public static var rule: MergeRule { .cart }

  public static func merged(base: CartLine?, ours: CartLine, theirs: CartLine, withBase: Bool)
    -> CartLine
  {
    var line = ours
    let limit = CartDocument.quantityLimit
    if withBase {
      let start = base?.quantity ?? 0
      let sum = ours.quantity + theirs.quantity - start
      line.quantity = min(max(sum, limit.lowerBound), limit.upperBound)
    } else {
      line.quantity = max(ours.quantity, theirs.quantity)
    }
    line.name = ours.name ?? theirs.name
    line.boughtFor = ours.boughtFor == base?.boughtFor ? theirs.boughtFor : ours.boughtFor
    return line
  }

  /// The name kept for listing is this directory's own: not a change.
  public func changes(from other: CartLine?) -> Int {
    other?.quantity == quantity && other?.boughtFor == boughtFor ? 0 : 1
  }

  public var problem: String? {
    guard kind.isBuyable, id >= 0 else { return "\(item) cannot be in the cart" }
    guard CartDocument.quantityLimit.contains(quantity) else {
      return "\(item) has quantity \(quantity) (1 to 999)"
    }
    return nil
  }

  public func mappingPeople(_ map: (String) -> String?) -> CartLine? {
    var line = self
    line.boughtFor = boughtFor.flatMap(map)
    return line
  }

  /// A line bought for someone is hidden from them.
  public func isHidden(from viewer: String, owner: String?) -> Bool { boughtFor == viewer }

  public func named(_ name: String) -> CartLine {
    var line = self
    line.name = name
    return line
  }

  public func exported() -> CartLine {
    CartLine(kind: kind, id: id, quantity: quantity, boughtFor: boughtFor)
  }
}

extension CartDocument {
  var lineSet: MergeableSet<CartLine> {
    get { MergeableSet(members: lines) }
    set { lines = newValue.members }
  }
}

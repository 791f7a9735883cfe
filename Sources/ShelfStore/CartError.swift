import ShelfDomain

/// Why the cart refused a change. Commands turn these into their own messages.
public enum CartError: Error, Equatable, Sendable {
  /// Only toys and products can be bought.
  case notBuyable(ItemID)
  /// A quantity outside 1…999 (0 is allowed by `setQuantity`, where it removes the line).
  case badQuantity(Int)
  /// The line would hold more than 999.
  case limit(ItemID, wouldBe: Int)
  /// The item has no line in the cart.
  case notInCart(ItemID)
}

import Foundation
import ShelfDomain

/// The cart's rules over `cart.plist`: buying merges into an item's line, a line holds 1 to
/// 999, setting a quantity of 0 removes the line. A line bought for someone (`buy --for`) is
/// another line than one bought for no one, and is hidden from that person: what they do in
/// the cart never touches it. Each change is saved before it returns; a refused change saves
/// nothing.
public final class Cart {
  public let file: PropertyListFile<CartDocument>

  public init(file: PropertyListFile<CartDocument>) {
    self.file = file
  }

  public var url: URL { file.url }

  public func read() throws -> CartDocument {
    try file.read()
  }

  /// Adds `quantity` of `item`, to its line bought for `boughtFor` (a person's lasting id; nil:
  /// no one) when there is one; `name` (the item's name now) is kept with the line. Returns
  /// the line's new total.
  @discardableResult
  public func add(_ item: ItemID, quantity: Int, name: String? = nil, boughtFor: String? = nil)
    throws -> Int
  {
    guard item.kind.isBuyable else { throw CartError.notBuyable(item) }
    guard CartDocument.quantityLimit.contains(quantity) else {
      throw CartError.badQuantity(quantity)
    }
    let key = CartLineKey(item: item, boughtFor: boughtFor)
    return try file.update { cart in
      if let index = cart.lines.firstIndex(where: { $0.key == key }) {
        let total = cart.lines[index].quantity + quantity
        guard CartDocument.quantityLimit.contains(total) else {
          throw CartError.limit(item, wouldBe: total)
        }
        cart.lines[index].quantity = total
        if let name { cart.lines[index].name = name }
        return total
      }
      cart.lines.append(
        CartLine(kind: item.kind, id: item.id, quantity: quantity, name: name, boughtFor: boughtFor)
      )
      return quantity
    }
  }

  /// Sets the quantity of the line `key` names; 0 removes the line.
  public func setQuantity(_ key: CartLineKey, _ quantity: Int) throws {
    guard quantity == 0 || CartDocument.quantityLimit.contains(quantity) else {
      throw CartError.badQuantity(quantity)
    }
    try file.update { cart in
      guard let index = cart.lines.firstIndex(where: { $0.key == key }) else {
        throw CartError.notInCart(key.item)
      }
      if quantity == 0 {
        cart.lines.remove(at: index)
      } else {
        cart.lines[index].quantity = quantity
      }
    }
  }

  /// Removes the line `key` names.
  public func remove(_ key: CartLineKey) throws {
    try setQuantity(key, 0)
  }
}

import Foundation
import ShelfDomain

/// The cart's rules over `cart.plist`: buying merges into an item's line, a line holds 1 to
/// 999, setting a quantity of 0 removes the line. Each change is saved before it returns;
/// a refused change saves nothing.
public final class Cart {
  public let file: PropertyListFile<CartDocument>

  public init(file: PropertyListFile<CartDocument>) {
    self.file = file
  }

  public var url: URL { file.url }

  public func read() throws -> CartDocument {
    try file.read()
  }

  /// Adds `quantity` of `item`, to its line when there is one; `name` (the item's name now) is
  /// kept with the line, and `boughtFor` (a person's lasting id) hides it from that person
  /// (a line already bought for someone else stays theirs). Returns the line's new total.
  @discardableResult
  public func add(_ item: ItemID, quantity: Int, name: String? = nil, boughtFor: String? = nil)
    throws -> Int
  {
    guard item.kind.isBuyable else { throw CartError.notBuyable(item) }
    guard CartDocument.quantityLimit.contains(quantity) else {
      throw CartError.badQuantity(quantity)
    }
    return try file.update { cart in
      if let index = cart.lines.firstIndex(where: { $0.item == item }) {
        let total = cart.lines[index].quantity + quantity
        guard CartDocument.quantityLimit.contains(total) else {
          throw CartError.limit(item, wouldBe: total)
        }
        cart.lines[index].quantity = total
        if let name { cart.lines[index].name = name }
        if cart.lines[index].boughtFor == nil { cart.lines[index].boughtFor = boughtFor }
        return total
      }
      cart.lines.append(
        CartLine(kind: item.kind, id: item.id, quantity: quantity, name: name, boughtFor: boughtFor)
      )
      return quantity
    }
  }

  /// Sets the quantity of `item`'s line; 0 removes the line.
  public func setQuantity(_ item: ItemID, _ quantity: Int) throws {
    guard quantity == 0 || CartDocument.quantityLimit.contains(quantity) else {
      throw CartError.badQuantity(quantity)
    }
    try file.update { cart in
      guard let index = cart.lines.firstIndex(where: { $0.item == item }) else {
        throw CartError.notInCart(item)
      }
      if quantity == 0 {
        cart.lines.remove(at: index)
      } else {
        cart.lines[index].quantity = quantity
      }
    }
  }

  /// Removes `item`'s line.
  public func remove(_ item: ItemID) throws {
    try setQuantity(item, 0)
  }
}

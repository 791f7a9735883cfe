import Foundation
import ShelfDomain
import ShelfSearch

/// The order `ls` and `find` list items in.
public enum CatalogSort: String, CaseIterable, Sendable {
  /// By folded name.
  case name
  /// Cheapest first; items without a price (stories, shows) last.
  case price
  /// Youngest first (by the lower, then the upper end of the range); items without ages last.
  case age
  /// `find`: best match first, ties by name. `ls`: the list's own order.
  case relevance
}

/// An inclusive price window, written `5-20` or `4.50-12.99`.
public struct PriceRange: Hashable, Sendable, CustomStringConvertible {
  public let minimum: Money
  public let maximum: Money

  public init?(minimum: Money, maximum: Money) {
    guard minimum <= maximum else { return nil }
    self.minimum = minimum
    self.maximum = maximum
  }

  /// Parses `MIN-MAX` (each a price such as `5` or `4.50`); nil when either end is not a
  /// price or the minimum is above the maximum.
  public init?(parsing text: String) {
    let parts = text.trimmingCharacters(in: .whitespaces).split(
      separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let low = Money(parsing: String(parts[0])),
      let high = Money(parsing: String(parts[1]))
    else { return nil }
    self.init(minimum: low, maximum: high)
  }

  public func contains(_ price: Money) -> Bool { minimum <= price && price <= maximum }

  public var description: String { "\(minimum)-\(maximum)" }
}

/// `--sort`, `--limit` and `--price` of `ls` and `find`: which items of a list are shown and
/// in what order.
public struct ListOptions: Hashable, Sendable, CustomStringConvertible {
  public var sort: CatalogSort?
  public var limit: Int?
  public var price: PriceRange?

  public init(sort: CatalogSort? = nil, limit: Int? = nil, price: PriceRange? = nil) {
    self.sort = sort
    self.limit = limit
    self.price = price
  }

  public var isEmpty: Bool { sort == nil && limit == nil && price == nil }

  /// The items in the price window, in the requested order (the given order for relevance,
  /// ties by folded name otherwise), at most `limit` of them.
  public func apply<Items: Collection>(
    _ items: Items, name: (Items.Element) -> String, price: (Items.Element) -> Money?,
    ages: (Items.Element) -> AgeRange?
  ) -> [Items.Element] {
    var kept = Array(items)
    if let window = self.price {
      kept = kept.filter { price($0).map(window.contains) ?? false }
    }
    switch sort ?? .relevance {
    case .relevance: break
    case .name:
      kept = Self.sorted(kept, name: name) { _, _ in nil }
    case .price:
      kept = Self.sorted(kept, name: name) { left, right in
        Self.compare(price(left), price(right))
      }
    case .age:
      kept = Self.sorted(kept, name: name) { left, right in
        Self.compare(ages(left), ages(right))
      }
    }
    if let limit, kept.count > limit { kept = Array(kept.prefix(limit)) }
    return kept
  }

  /// Sorted by `before` (nil: equal), ties by folded name, then the original order.
  private static func sorted<Item>(
    _ items: [Item], name: (Item) -> String, by before: (Item, Item) -> Bool?
  ) -> [Item] {
    let keys = items.map { SearchKey.fold(name($0)) }
    let order = items.indices.sorted { left, right in
      if let decided = before(items[left], items[right]) { return decided }
      if keys[left] != keys[right] { return keys[left] < keys[right] }
      return left < right
    }
    return order.map { items[$0] }
  }

  /// Missing values last; nil when equal.
  private static func compare<Value: Comparable>(_ left: Value?, _ right: Value?) -> Bool? {
    switch (left, right) {
    case let (left?, right?): left == right ? nil : left < right
    case (.some, nil): true
    case (nil, .some): false
    case (nil, nil): nil
    }
  }

  /// How the options read back in a screen's title: `price 5.00-20.00, by price, first 10`.
  public var description: String {
    var parts: [String] = []
    if let price { parts.append("price \(price)") }
    if let sort { parts.append("by \(sort.rawValue)") }
    if let limit { parts.append("first \(limit)") }
    return parts.joined(separator: ", ")
  }
}

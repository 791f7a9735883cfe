import ShelfDomain
import ShelfSearch

/// An order a list can be put in: its name (`--sort price`) and how two rows compare (nil:
/// equal, the tie is broken by name).
struct ListOrder<Row>: Sendable {
  let name: String
  let compare: @Sendable (Row, Row) -> Bool?

  /// Rows by a value, smallest first; rows without one last.
  static func by<Value: Comparable & SendableMetatype>(
    _ name: String, _ value: @escaping @Sendable (Row) -> Value?
  ) -> ListOrder {
    ListOrder(name: name) { left, right in
      switch (value(left), value(right)) {
      case let (left?, right?): left == right ? nil : left < right
      case (.some, nil): true
      case (nil, .some): false
      case (nil, nil): nil
      }
    }
  }

  /// Highest first (ratings), rows without a value last.
  static func descending<Value: Comparable & SendableMetatype>(
    _ name: String, _ value: @escaping @Sendable (Row) -> Value?
  )
    -> ListOrder
  {
    ListOrder(name: name) { left, right in
      switch (value(left), value(right)) {
      case let (left?, right?): left == right ? nil : left > right
      case (.some, nil): true
      case (nil, .some): false
      case (nil, nil): nil
      }
    }
  }
}

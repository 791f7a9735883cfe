import ShelfStore

/// A cart quantity as typed: a whole number from 1 to 999 (`buy -n`, the `Quantity [1]:`
/// question).
enum Quantity {
  static let range = CartDocument.quantityLimit
  static let value = ValueType.integer("QTY", in: range)
}

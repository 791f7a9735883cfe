import ShelfStore

/// Parses a quantity typed by the user: a whole number from 1 to 999.
enum Quantity {
  static func parse(_ text: String, allowZero: Bool = false) throws -> Int {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.count <= 4, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Int(trimmed),
      CartDocument.quantityLimit.contains(value) || (allowZero && value == 0)
    else { throw ShellError.badQuantity(text, allowsZero: allowZero) }
    return value
  }
}

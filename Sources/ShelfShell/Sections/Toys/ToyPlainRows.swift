import ShelfCatalog

/// A toy list's plain table written straight from the catalog's columns (see
/// `PlainListRows`): the cells of `ToyRow.list`'s columns (id, name, ages, price, ★, fits) as they
/// print without colours, and each column's widest cell, without making a `ToyRow` per toy.
/// A listing of 100,000 toys thus holds no row and no string per toy.
enum ToyPlainRows {
  static func make(_ fields: ToyListFields, favorites: Set<Int>) -> PlainListRows {
    PlainListRows(widths: widths(fields, favorites: favorites)) {
      var index = 0
      return { row in
        guard index < fields.count else { return false }
        defer { index += 1 }
        let id = fields.id(index)
        row.append(decimal: id)
        row.endCell()
        fields.withName(index) { row.append($0) }
        row.endCell()
        let ages = fields.ages(index)
        row.append(decimal: ages.minimum)
        row.append(byte: UInt8(ascii: "-"))
        row.append(decimal: ages.maximum)
        row.endCell()
        row.append(money: fields.price(index))
        row.endCell()
        if favorites.contains(id) {
          row.append(DetailsLayout.star(true).plainText)
          row.endCell(width: 1)
        } else {
          row.endCell()
        }
        row.endCell()  // the "fits" marker: this path is taken only with no child in question
        return true
      }
    }
  }

  /// The widest cell of each column over every toy of the list, as the table measures it.
  private static func widths(_ fields: ToyListFields, favorites: Set<Int>) -> [Int?] {
    var id = 0
    var name = 0
    var ages = 0
    var price = 0
    var starred = false
    for index in 0..<fields.count {
      let toyID = fields.id(index)
      id = max(id, digits(toyID))
      name = max(name, fields.withName(index, TableLayout.width(ofUTF8:)))
      let range = fields.ages(index)
      ages = max(ages, digits(range.minimum) + 1 + digits(range.maximum))
      // "$" and ".00" around the whole amount, with a comma every three digits.
      let whole = digits(Int(fields.price(index).cents / 100))
      price = max(price, whole + (whole - 1) / 3 + 4)
      if !starred, !favorites.isEmpty, favorites.contains(toyID) { starred = true }
    }
    return [id, name, ages, price, starred ? 1 : 0, 0]
  }

  /// How many characters `String(value)` has.
  private static func digits(_ value: Int) -> Int {
    var count = value < 0 ? 2 : 1
    var rest = value.magnitude / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    return count
  }
}

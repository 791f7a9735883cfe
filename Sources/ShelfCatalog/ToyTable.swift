/// The toys of a catalog as columns over the text of `toys.tsv`: names, brands and
/// descriptions are spans of that text, categories are numbers, ages and prices are numbers.
/// A `Toy` (with strings of its own) is made only when one is read, so loading 1,000,000 toys
/// costs about the file's size in memory and no string per field.
final class ToyTable: Sendable {
  struct Columns {
    var ids: [Int] = []
    var names: [TextSpan] = []
    var brands: [TextSpan] = []
    var descriptions: [TextSpan] = []
    var categories: [UInt32] = []
    var minimumAges: [UInt8] = []
    var maximumAges: [UInt8] = []
    var prices: [Int64] = []

    mutating func reserveCapacity(_ count: Int) {
      ids.reserveCapacity(count)
      names.reserveCapacity(count)
      brands.reserveCapacity(count)
      descriptions.reserveCapacity(count)
      categories.reserveCapacity(count)
      minimumAges.reserveCapacity(count)
      maximumAges.reserveCapacity(count)
      prices.reserveCapacity(count)
    }

    /// Appends a toy whose id is already in `ids`.
    mutating func append(
      name: TextSpan, category: UInt32, ages: AgeRange, price: Money, brand: TextSpan,
      description: TextSpan
    ) {
      names.append(name)
      categories.append(category)
      minimumAges.append(UInt8(ages.minimum))
      maximumAges.append(UInt8(ages.maximum))
      prices.append(price.cents)
      brands.append(brand)
      descriptions.append(description)
    }
  }

  let text: [UInt8]
  let columns: Columns
  /// The categories by number, in order of first appearance.
  let categoryNames: [String]

  init(text: [UInt8], columns: Columns, categoryNames: [String]) {
    self.text = text
    self.columns = columns
    self.categoryNames = categoryNames
  }

  /// A table of toys already made (tests, small catalogs built in code): their texts are laid
  /// out one after another.
  convenience init(toys: [Toy]) {
    var text: [UInt8] = []
    var columns = Columns()
    var categoryNames: [String] = []
    var categoryNumbers: [String: UInt32] = [:]
    func span(_ string: String) -> TextSpan {
      let start = text.count
      text += string.utf8
      return TextSpan(start: UInt32(start), count: UInt32(text.count - start))
    }
    for toy in toys {
      let category =
        categoryNumbers[toy.category]
        ?? {
          categoryNames.append(toy.category)
          categoryNumbers[toy.category] = UInt32(categoryNames.count - 1)
          return UInt32(categoryNames.count - 1)
        }()
      columns.ids.append(toy.id)
      columns.append(
        name: span(toy.name), category: category, ages: toy.ages, price: toy.price,
        brand: span(toy.brand), description: span(toy.description))
    }
    self.init(text: text, columns: columns, categoryNames: categoryNames)
  }

  var count: Int { columns.ids.count }

  subscript(position: Int) -> Toy {
    text.withUnsafeBufferPointer { text in
      func string(_ span: TextSpan) -> String {
        String(decoding: span.bytes(in: text), as: UTF8.self)
      }
      let ages = AgeRange(
        checkedMinimum: Int(columns.minimumAges[position]),
        maximum: Int(columns.maximumAges[position]))
      return Toy(
        id: columns.ids[position], name: string(columns.names[position]),
        category: categoryNames[Int(columns.categories[position])], ages: ages,
        price: Money(cents: columns.prices[position]), brand: string(columns.brands[position]),
        description: string(columns.descriptions[position]))
    }
  }

  /// Calls `body` with the bytes of each text `find` searches in toy `position`: name,
  /// brand, description and category.
  func forEachSearchedText(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    text.withUnsafeBufferPointer { text in
      body(columns.names[position].bytes(in: text))
      body(columns.brands[position].bytes(in: text))
      body(columns.descriptions[position].bytes(in: text))
    }
    var category = categoryNames[Int(columns.categories[position])]
    category.withUTF8 { body($0) }
  }

  /// Calls `body` with the bytes of toy `position`'s name.
  func withName<Result>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    text.withUnsafeBufferPointer { body(columns.names[position].bytes(in: $0)) }
  }
}

import ShelfDomain
import ShelfStorage

/// The toys of a catalog as columns over the text of `toys.tsv`: names, brands and
/// descriptions are spans of that text, categories are numbers, ages and prices are numbers.
/// (The index file keeps the names' bytes in a text of their own, `nameText`, so that a
/// listing reads them without reading the descriptions between them.)
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

  /// The text of `toys.tsv`, which the spans of brands and descriptions point into.
  let text: Column<UInt8>
  /// The text the names' spans point into: `text`, or the names alone.
  let nameText: Column<UInt8>
  let ids: Column<Int>
  let names: Column<TextSpan>
  let brands: Column<TextSpan>
  let descriptions: Column<TextSpan>
  let categories: Column<UInt32>
  let minimumAges: Column<UInt8>
  let maximumAges: Column<UInt8>
  let prices: Column<Int64>
  /// The categories by number, in order of first appearance.
  let categoryNames: [String]

  convenience init(text: [UInt8], columns: Columns, categoryNames: [String]) {
    let text = Column(text)
    self.init(
      text: text, nameText: text, ids: Column(columns.ids), names: Column(columns.names),
      brands: Column(columns.brands), descriptions: Column(columns.descriptions),
      categories: Column(columns.categories), minimumAges: Column(columns.minimumAges),
      maximumAges: Column(columns.maximumAges), prices: Column(columns.prices),
      categoryNames: categoryNames)
  }

  /// The table from its columns (as the index file keeps them); nil unless every column has
  /// a value for each toy.
  convenience init?(
    checking text: Column<UInt8>, nameText: Column<UInt8>, ids: Column<Int>,
    names: Column<TextSpan>,
    brands: Column<TextSpan>, descriptions: Column<TextSpan>, categories: Column<UInt32>,
    minimumAges: Column<UInt8>, maximumAges: Column<UInt8>, prices: Column<Int64>,
    categoryNames: [String]
  ) {
    let count = ids.count
    guard
      [
        names.count, brands.count, descriptions.count, categories.count, minimumAges.count,
        maximumAges.count, prices.count,
      ].allSatisfy({ $0 == count })
    else { return nil }
    self.init(
      text: text, nameText: nameText, ids: ids, names: names, brands: brands,
      descriptions: descriptions, categories: categories, minimumAges: minimumAges,
      maximumAges: maximumAges, prices: prices,
      categoryNames: categoryNames)
  }

  private init(
    text: Column<UInt8>, nameText: Column<UInt8>, ids: Column<Int>, names: Column<TextSpan>,
    brands: Column<TextSpan>, descriptions: Column<TextSpan>, categories: Column<UInt32>,
    minimumAges: Column<UInt8>, maximumAges: Column<UInt8>, prices: Column<Int64>,
    categoryNames: [String]
  ) {
    self.text = text
    self.nameText = nameText
    self.ids = ids
    self.names = names
    self.brands = brands
    self.descriptions = descriptions
    self.categories = categories
    self.minimumAges = minimumAges
    self.maximumAges = maximumAges
    self.prices = prices
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

  var count: Int { ids.count }

  subscript(position: Int) -> Toy {
    let ages = AgeRange(
      checkedMinimum: Int(minimumAges[position]), maximum: Int(maximumAges[position]))
    return Toy(
      id: ids[position], name: withName(position) { String(decoding: $0, as: UTF8.self) },
      category: category(of: position),
      ages: ages, price: Money(cents: prices[position]), brand: string(brands[position]),
      description: string(descriptions[position]))
  }

  /// The category of toy `position`.
  func category(of position: Int) -> String {
    let number = Int(categories[position])
    return number < categoryNames.count ? categoryNames[number] : ""
  }

  /// Calls `body` with the bytes of each text `find` searches in toy `position`: name,
  /// brand, description and category.
  func forEachSearchedText(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    withName(position, body)
    withText(brands[position], body)
    withText(descriptions[position], body)
    var category = category(of: position)
    category.withUTF8 { body($0) }
  }

  /// Calls `body` with the bytes of toy `position`'s name.
  func withName<Result>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    withText(names[position], in: nameText, body)
  }

  /// The names one after another, with their spans in that text: what the index file keeps.
  func packedNames() -> (text: [UInt8], spans: [TextSpan]) {
    var packed: [UInt8] = []
    // Their length first: a buffer grown by doubling would hold half as much again (at
    // 1,000,000 toys 25 MiB more, at the peak of building the index file).
    packed.reserveCapacity((0..<count).reduce(0) { $0 + Int(names[$1].count) })
    var spans: [TextSpan] = []
    spans.reserveCapacity(count)
    for position in 0..<count {
      withName(position) { name in
        spans.append(TextSpan(start: UInt32(packed.count), count: UInt32(name.count)))
        packed += name
      }
    }
    return (packed, spans)
  }

  private func string(_ span: TextSpan) -> String {
    withText(span) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the bytes of `span` in `text` (none when it lies outside).
  private func withText<Result>(
    _ span: TextSpan, in text: Column<UInt8>? = nil, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let text = text ?? self.text
    let start = Int(span.start)
    let end = start + Int(span.count)
    guard end <= text.count else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    return text.withBuffer(start..<end, body)
  }
}

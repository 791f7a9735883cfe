import ShelfSearch
import ShelfStorage

/// The sections of the toys' index file, in order: what `toys.tsv` holds as columns, and every
/// index made from it. A file whose sections do not fit together is not used.
enum ToyIndexCodec {
  /// The kind of the `DerivedFile`, changed whenever what the sections hold changes.
  static let kind = "toys-4"

  /// Sections before the completion indexes, which follow, six for each category, in the
  /// order they are made (`write`).
  private enum Section: Int, CaseIterable {
    case counts, text, ids, brands, descriptions, categories, minimumAges, maximumAges, prices
    case categoryNameBytes, categoryNameOffsets, idOrder, groupPositions, groupStarts
    case wordBytes, wordOffsets, wordSlots, postingStarts, postings, otherWords
    case otherWordLetters, nameRanks, otherWordBytes, otherWordOffsets, nameOrder
    case priceOrder, ageOrder
    /// The names' spans in `nameText`, and their bytes one after another (not spans of `text`).
    case names, nameText
  }

  private static let sectionsPerCategory = 6

  /// Writes the toys of `parts` and every index made from them to `sink`, in the order
  /// `decode` reads them. Each index is made just before its sections are written and let go
  /// after, so that only one is in memory at a time (at 1,000,000 toys, the word index's
  /// postings are gone before the completion keys are made). False when the sink failed.
  static func write(_ parts: ToyParts, to sink: inout some SectionSink) -> Bool {
    let table = parts.table
    guard writeTable(parts, to: &sink) else { return false }
    // The word index, then the orders (which break ties by its name order): the orders are
    // made once the word index is let go.
    let nameOrder: Column<Int32>
    do {
      let search = Catalog.toySearchIndex(table)
      guard search.write(to: &sink) else { return false }
      nameOrder = search.parts.nameOrder
    }
    do {
      let orders = ToyOrders(table: table, nameOrder: nameOrder)
      guard sink.append(orders.price), sink.append(orders.age) else { return false }
    }
    do {
      let packed = table.packedNames()
      guard sink.append(Column(packed.spans)), sink.append(Column(packed.text)) else {
        return false
      }
    }
    for category in table.categoryNames {
      let group = parts.groups[category] ?? nil
      let completion = Catalog.toyCompletionIndex(table, positions: group).parts
      guard sink.append(completion.idKeys.bytes), sink.append(completion.idKeys.offsets),
        sink.append(completion.idOrder), sink.append(completion.nameKeys.bytes),
        sink.append(completion.nameKeys.offsets), sink.append(completion.nameOrder)
      else { return false }
    }
    return true
  }

  /// The table's columns, its categories and its groups.
  private static func writeTable(_ parts: ToyParts, to sink: inout some SectionSink) -> Bool {
    let table = parts.table
    var names = PackedKeys()
    for name in table.categoryNames { names.append(name) }
    let categoryNames = KeyColumn(names)
    // The groups in category order, one after another (none when one category holds all).
    var positions: [Int32] = []
    var starts: [Int32] = []
    if parts.groups.count > 1 {
      starts.append(0)
      for category in table.categoryNames {
        if let group = parts.groups[category], let group { positions += group.array }
        starts.append(Int32(positions.count))
      }
    }
    return sink.append(Column([Int64(table.count), Int64(table.categoryNames.count)]))
      && sink.append(table.text) && sink.append(table.ids) && sink.append(table.brands)
      && sink.append(table.descriptions) && sink.append(table.categories)
      && sink.append(table.minimumAges) && sink.append(table.maximumAges)
      && sink.append(table.prices) && sink.append(categoryNames.bytes)
      && sink.append(categoryNames.offsets) && sink.append(parts.ids.order)
      && sink.append(Column(positions)) && sink.append(Column(starts))
  }

  /// The toys and their indexes read from `file` (its columns read as they are used); nil
  /// when its sections do not fit together.
  static func decode(_ file: DerivedSections) -> ToyParts? {
    func column<Element: BitwiseCopyable>(_ section: Section) -> Column<Element>? {
      file.column(section.rawValue)
    }
    guard let counts: Column<Int64> = column(.counts), counts.count == 2,
      counts[0] >= 0, counts[1] >= 0, counts[1] < Int64(Int32.max)
    else { return nil }
    let toyCount = Int(counts[0])
    let categoryCount = Int(counts[1])
    let firstCompletion = Section.allCases.count
    guard file.count == firstCompletion + categoryCount * sectionsPerCategory,
      let nameBytes: Column<UInt8> = column(.categoryNameBytes),
      let nameOffsets: Column<UInt32> = column(.categoryNameOffsets),
      nameOffsets.count == categoryCount + 1
    else { return nil }
    let categoryNameKeys = KeyColumn(bytes: nameBytes, offsets: nameOffsets)
    let categoryNames = (0..<categoryCount).map { number in
      categoryNameKeys.withKey(number) { String(decoding: $0, as: UTF8.self) }
    }
    guard Set(categoryNames).count == categoryCount,
      let text: Column<UInt8> = column(.text), let nameText: Column<UInt8> = column(.nameText),
      let ids: Column<Int> = column(.ids),
      let names: Column<TextSpan> = column(.names), let brands: Column<TextSpan> = column(.brands),
      let descriptions: Column<TextSpan> = column(.descriptions),
      let categories: Column<UInt32> = column(.categories),
      let minimumAges: Column<UInt8> = column(.minimumAges),
      let maximumAges: Column<UInt8> = column(.maximumAges),
      let prices: Column<Int64> = column(.prices),
      let table = ToyTable(
        checking: text, nameText: nameText, ids: ids, names: names, brands: brands,
        descriptions: descriptions,
        categories: categories, minimumAges: minimumAges, maximumAges: maximumAges,
        prices: prices, categoryNames: categoryNames),
      table.count == toyCount,
      let idOrder: Column<Int32> = column(.idOrder),
      let idIndex = IDIndex(ids: ids, order: idOrder),
      let groups = groups(file, names: categoryNames, toyCount: toyCount),
      let orders = orders(file, toyCount: toyCount),
      let search = SearchIndex(
        count: toyCount, sections: file, first: Section.wordBytes.rawValue)
    else { return nil }
    var completions: [String: CompletionIndex] = [:]
    for (number, category) in categoryNames.enumerated() {
      let first = firstCompletion + number * sectionsPerCategory
      guard let idBytes: Column<UInt8> = file.column(first),
        let idOffsets: Column<UInt32> = file.column(first + 1),
        let idOrder: Column<Int32> = file.column(first + 2),
        let nameBytes: Column<UInt8> = file.column(first + 3),
        let nameOffsets: Column<UInt32> = file.column(first + 4),
        let nameOrder: Column<Int32> = file.column(first + 5),
        idOffsets.count == idOrder.count + 1, nameOffsets.count == nameOrder.count + 1,
        idOrder.count == nameOrder.count
      else { return nil }
      completions[category] = CompletionIndex(
        parts: CompletionIndex.Parts(
          idKeys: KeyColumn(bytes: idBytes, offsets: idOffsets), idOrder: idOrder,
          nameKeys: KeyColumn(bytes: nameBytes, offsets: nameOffsets), nameOrder: nameOrder))
    }
    return ToyParts(
      table: table, ids: idIndex, groups: groups,
      indexes: ToyIndexes(search: search, completions: completions, orders: orders))
  }

  private static func groups(_ file: DerivedSections, names: [String], toyCount: Int)
    -> [String: Column<Int32>?]?
  {
    guard let positions: Column<Int32> = file.column(Section.groupPositions.rawValue),
      let starts: Column<Int32> = file.column(Section.groupStarts.rawValue)
    else { return nil }
    if starts.isEmpty {
      // One category holds every toy (or there are none).
      guard positions.isEmpty, names.count == (toyCount > 0 ? 1 : 0) else { return nil }
      return names.first.map { [$0: nil] } ?? [:]
    }
    guard starts.count == names.count + 1, positions.count == toyCount else { return nil }
    let bounds = starts.array
    guard bounds.first == 0, bounds.last == Int32(toyCount),
      zip(bounds, bounds.dropFirst()).allSatisfy({ $0 <= $1 })
    else { return nil }
    var groups: [String: Column<Int32>?] = [:]
    for (number, name) in names.enumerated() {
      let range = Int(bounds[number])..<Int(bounds[number + 1])
      groups[name] = .some(positions.slice(range))
    }
    return groups
  }

  private static func orders(_ file: DerivedSections, toyCount: Int) -> ToyOrders? {
    guard let name: Column<Int32> = file.column(Section.nameOrder.rawValue),
      let price: Column<Int32> = file.column(Section.priceOrder.rawValue),
      let age: Column<Int32> = file.column(Section.ageOrder.rawValue),
      [name.count, price.count, age.count].allSatisfy({ $0 == toyCount })
    else { return nil }
    return ToyOrders(name: name, price: price, age: age)
  }
}

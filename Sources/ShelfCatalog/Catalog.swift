import Foundation
import ShelfDomain
import ShelfSearch
import ShelfStorage

/// The loaded catalog: toys, stories and products with the indexes the screens need.
/// TV shows are not here: their list changes with `refresh` and lives in `ShowList`.
public struct Catalog: Sendable {
  public let directory: URL
  public let toys: ItemList<Toy>
  public let stories: ItemList<Story>
  public let products: ItemList<Product>
  public let toyCategories: [String]
  public let storyAgeRanges: [AgeRange]
  public let productCategories: [String]

  let toyTable: ToyTable
  let toyIDs: IDIndex
  private let storyIDs: IDIndex
  private let productIDs: IDIndex
  /// Each group's positions in its whole list; nil when the group is the whole list.
  let toysByCategory: [String: Column<Int32>?]
  private let storiesByAges: [AgeRange: Column<Int32>?]
  private let productsByCategory: [String: Column<Int32>?]
  let indexes: CatalogIndexes

  public init(directory: URL, toys: [Toy], stories: [Story], products: [Product]) {
    let table = ToyTable(toys: toys)
    self.init(
      directory: directory, toys: ToyParts(table: table, ids: IDIndex(ids: table.ids.array)),
      stories: stories, storyIDs: IDIndex(ids: stories.map(\.id)),
      products: products, productIDs: IDIndex(ids: products.map(\.id)))
  }

  init(
    directory: URL, toys parts: ToyParts, stories: [Story], storyIDs: IDIndex,
    products: [Product], productIDs: IDIndex
  ) {
    let toyTable = parts.table
    self.directory = directory
    self.toyTable = toyTable
    self.toyIDs = parts.ids
    self.storyIDs = storyIDs
    self.productIDs = productIDs
    toys = ItemList(count: toyTable.count) { toyTable[$0] }
    self.stories = ItemList(stories)
    self.products = ItemList(products)
    toysByCategory = parts.groups
    storiesByAges = Self.group(count: stories.count) { stories[$0].ages }
    productsByCategory = Self.group(count: products.count) { products[$0].category }
    toyCategories = toysByCategory.keys.sorted { SearchKey.fold($0) < SearchKey.fold($1) }
    storyAgeRanges = storiesByAges.keys.sorted()
    productCategories = productsByCategory.keys.sorted { SearchKey.fold($0) < SearchKey.fold($1) }
    indexes = parts.indexes.map(CatalogIndexes.init(toys:)) ?? CatalogIndexes()
  }

  /// The positions of each key's items; nil for a key every item has.
  static func group<Key: Hashable>(count: Int, by key: (Int) -> Key) -> [Key: Column<Int32>?] {
    guard count > 0 else { return [:] }
    let first = key(0)
    if (1..<count).allSatisfy({ key($0) == first }) { return [first: nil] }
    var groups: [Key: [Int32]] = [:]
    for position in 0..<count { groups[key(position), default: []].append(Int32(position)) }
    return groups.mapValues { Optional(Column($0)) }
  }

  /// True when the toys were read from their index file.
  var toysAreMapped: Bool { toyTable.text.isMapped }

  public func toy(id: Int) -> Toy? { toyIDs.position(of: id).map { toyTable[$0] } }
  public func story(id: Int) -> Story? { storyIDs.position(of: id).map { stories[$0] } }
  public func product(id: Int) -> Product? { productIDs.position(of: id).map { products[$0] } }

  public func toys(inCategory category: String) -> ItemList<Toy> {
    toysByCategory[category].map { toys.selecting($0) } ?? toys.selecting(Column())
  }

  public func stories(forAges ages: AgeRange) -> ItemList<Story> {
    storiesByAges[ages].map { stories.selecting($0) } ?? stories.selecting(Column())
  }

  public func products(inCategory category: String) -> ItemList<Product> {
    productsByCategory[category].map { products.selecting($0) } ?? products.selecting(Column())
  }

  /// The canonical spelling of a toy category typed in any case or with `-` for spaces.
  public func toyCategory(named name: String) -> String? {
    let key = SearchKey.name(name)
    return toyCategories.first { SearchKey.name($0) == key }
  }

  public func productCategory(named name: String) -> String? {
    let key = SearchKey.name(name)
    return productCategories.first { SearchKey.name($0) == key }
  }

  public func storyAgeRange(named name: String) -> AgeRange? {
    guard let range = AgeRange(parsing: name) else { return nil }
    return storyAgeRanges.contains(range) ? range : nil
  }

  public func url(forStoryPage story: Story) -> URL {
    directory.appendingPathComponent(story.page)
  }

  public func url(forProductImage product: Product) -> URL {
    directory.appendingPathComponent(product.image)
  }

  // MARK: Search and completion

  /// `find` over all toys: positions in `toys`, best first.
  public func searchToys(_ text: String, where include: ((Toy) -> Bool)? = nil)
    -> [SearchIndex.Match]
  {
    let index = indexes.search(.toy) { Self.toySearchIndex(toyTable) }
    return index.search(text, where: include.map { include in { include(toys[$0]) } })
  }

  /// `find` over all stories (titles and authors): positions in `stories`, best first.
  public func searchStories(_ text: String, where include: ((Story) -> Bool)? = nil)
    -> [SearchIndex.Match]
  {
    let index = indexes.search(.story) {
      SearchIndex(
        count: stories.count, fields: { [stories[$0].title, stories[$0].author] },
        name: { stories[$0].title })
    }
    return index.search(text, where: include.map { include in { include(stories[$0]) } })
  }

  /// `find` over all products: positions in `products`, best first.
  public func searchProducts(_ text: String, where include: ((Product) -> Bool)? = nil)
    -> [SearchIndex.Match]
  {
    let index = indexes.search(.product) {
      SearchIndex(
        count: products.count,
        fields: { [products[$0].name, products[$0].description, products[$0].category] },
        name: { products[$0].name })
    }
    return index.search(text, where: include.map { include in { include(products[$0]) } })
  }

  /// Completion over `toys(inCategory:)`: positions refer to that list.
  public func completionIndex(forToysIn category: String) -> CompletionIndex {
    indexes.completion(.toyCategory(category)) {
      guard let group = toysByCategory[category] else { return CompletionIndex(ids: [], names: []) }
      return Self.toyCompletionIndex(toyTable, positions: group)
    }
  }

  /// Completion over `stories(forAges:)`: positions refer to that list.
  public func completionIndex(forStoriesFor ages: AgeRange) -> CompletionIndex {
    indexes.completion(.storyAges(ages)) {
      let list = stories(forAges: ages)
      return CompletionIndex(ids: list.map(\.id), names: list.map(\.title))
    }
  }

  /// Completion over `products(inCategory:)`: positions refer to that list.
  public func completionIndex(forProductsIn category: String) -> CompletionIndex {
    indexes.completion(.productCategory(category)) {
      let list = products(inCategory: category)
      return CompletionIndex(ids: list.map(\.id), names: list.map(\.name))
    }
  }

  static func toySearchIndex(_ table: ToyTable) -> SearchIndex {
    SearchIndex(
      count: table.count, forEachText: table.forEachSearchedText,
      withName: { position, body in table.withName(position, body) })
  }

  /// Completion over the toys at `positions` of the table (all of them when nil).
  static func toyCompletionIndex(_ table: ToyTable, positions: Column<Int32>?) -> CompletionIndex {
    let place: (Int) -> Int = { index in positions.map { Int($0[index]) } ?? index }
    return CompletionIndex(
      count: positions?.count ?? table.count, id: { table.ids[place($0)] },
      withName: { position, body in table.withName(place(position), body) })
  }

  // MARK: Sorted lists

  /// `ls` of a toy category with `--sort`, `--price` and `--limit`: the toys
  /// `options.apply` would give, read from the orders made once for the whole table (built on
  /// first use, or read from the index file) instead of sorting the list.
  public func toys(inCategory category: String, arrangedBy options: ListOptions) -> ItemList<Toy> {
    let list = toys(inCategory: category)
    let sort = options.sort ?? .relevance
    if sort == .relevance && options.price == nil && options.limit.map({ $0 >= list.count }) ?? true
    {
      return list
    }
    let limit = options.limit ?? Int.max
    let window = options.price.map { ($0.minimum.cents, $0.maximum.cents) }
    let prices = toyTable.prices
    var kept: [Int32] = []
    func consider(_ position: Int32) -> Bool {
      if let window {
        let price = prices[Int(position)]
        guard window.0 <= price && price <= window.1 else { return true }
      }
      kept.append(position)
      return kept.count < limit
    }
    if let order = toyOrders().order(sort) {
      guard let group = toysByCategory[category] else { return list }
      let number = UInt32(toyTable.categoryNames.firstIndex(of: category) ?? 0)
      let categories = toyTable.categories
      // A category holding every toy needs no test.
      let inCategory: ((Int32) -> Bool)? =
        group == nil ? nil : { categories[Int($0)] == number }
      order.withBuffer { order in
        for position in order where inCategory?(position) ?? true {
          if !consider(position) { break }
        }
      }
    } else {
      for index in list.indices {
        if !consider(Int32(list.tablePosition(index))) { break }
      }
    }
    return toys.selecting(Column(kept))
  }

  private func toyOrders() -> ToyOrders {
    indexes.orders {
      let nameOrder = SearchIndex.nameOrder(
        count: toyTable.count, withName: { position, body in toyTable.withName(position, body) })
      return ToyOrders(table: toyTable, nameOrder: Column(nameOrder))
    }
  }
}

/// The toys of a catalog with the groups by category and, when they come from the index file
/// or are made to be written there, every index.
struct ToyParts {
  let table: ToyTable
  let ids: IDIndex
  let groups: [String: Column<Int32>?]
  let indexes: ToyIndexes?

  /// Toys loaded without an index file: groups made now, indexes on first use.
  init(table: ToyTable, ids: IDIndex) {
    self.table = table
    self.ids = ids
    groups = Catalog.group(count: table.count) { table.categories[$0] }
      .reduce(into: [:]) { $0[table.categoryNames[Int($1.key)]] = $1.value }
    indexes = nil
  }

  init(table: ToyTable, ids: IDIndex, groups: [String: Column<Int32>?], indexes: ToyIndexes?) {
    self.table = table
    self.ids = ids
    self.groups = groups
    self.indexes = indexes
  }
}

import Foundation

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

  private let toyTable: ToyTable
  private let toyIDs: IDIndex
  private let storyIDs: IDIndex
  private let productIDs: IDIndex
  /// Each group's positions in its whole list; nil when the group is the whole list.
  private let toysByCategory: [String: [Int32]?]
  private let storiesByAges: [AgeRange: [Int32]?]
  private let productsByCategory: [String: [Int32]?]
  private let indexes = CatalogIndexes()

  public init(directory: URL, toys: [Toy], stories: [Story], products: [Product]) {
    let table = ToyTable(toys: toys)
    self.init(
      directory: directory, toyTable: table, toyIDs: IDIndex(ids: table.columns.ids),
      stories: stories, storyIDs: IDIndex(ids: stories.map(\.id)),
      products: products, productIDs: IDIndex(ids: products.map(\.id)))
  }

  init(
    directory: URL, toyTable: ToyTable, toyIDs: IDIndex, stories: [Story], storyIDs: IDIndex,
    products: [Product], productIDs: IDIndex
  ) {
    self.directory = directory
    self.toyTable = toyTable
    self.toyIDs = toyIDs
    self.storyIDs = storyIDs
    self.productIDs = productIDs
    toys = ItemList(count: toyTable.count) { toyTable[$0] }
    self.stories = ItemList(stories)
    self.products = ItemList(products)
    let categories = Self.group(count: toyTable.count) { toyTable.columns.categories[$0] }
    toysByCategory = Dictionary(
      uniqueKeysWithValues: categories.map { (toyTable.categoryNames[Int($0.key)], $0.value) })
    storiesByAges = Self.group(count: stories.count) { stories[$0].ages }
    productsByCategory = Self.group(count: products.count) { products[$0].category }
    toyCategories = toysByCategory.keys.sorted { SearchKey.fold($0) < SearchKey.fold($1) }
    storyAgeRanges = storiesByAges.keys.sorted()
    productCategories = productsByCategory.keys.sorted { SearchKey.fold($0) < SearchKey.fold($1) }
  }

  /// The positions of each key's items; nil for a key every item has.
  private static func group<Key: Hashable>(count: Int, by key: (Int) -> Key) -> [Key: [Int32]?] {
    guard count > 0 else { return [:] }
    let first = key(0)
    if (1..<count).allSatisfy({ key($0) == first }) { return [first: nil] }
    var groups: [Key: [Int32]] = [:]
    for position in 0..<count { groups[key(position), default: []].append(Int32(position)) }
    return groups.mapValues { Optional($0) }
  }

  public func toy(id: Int) -> Toy? { toyIDs.position(of: id).map { toyTable[$0] } }
  public func story(id: Int) -> Story? { storyIDs.position(of: id).map { stories[$0] } }
  public func product(id: Int) -> Product? { productIDs.position(of: id).map { products[$0] } }

  public func toys(inCategory category: String) -> ItemList<Toy> {
    toysByCategory[category].map { toys.selecting($0) } ?? toys.selecting([])
  }

  public func stories(forAges ages: AgeRange) -> ItemList<Story> {
    storiesByAges[ages].map { stories.selecting($0) } ?? stories.selecting([])
  }

  public func products(inCategory category: String) -> ItemList<Product> {
    productsByCategory[category].map { products.selecting($0) } ?? products.selecting([])
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
    let index = indexes.search(.toy) {
      SearchIndex(
        count: toyTable.count, forEachText: toyTable.forEachSearchedText,
        withName: { position, body in toyTable.withName(position, body) })
    }
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
      let list = toys(inCategory: category)
      return CompletionIndex(
        count: list.count, id: { toyTable.columns.ids[list.tablePosition($0)] },
        withName: { position, body in toyTable.withName(list.tablePosition(position), body) })
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
}

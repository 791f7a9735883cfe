import Foundation

/// The loaded catalog: toys, stories and products with the indexes the screens need.
/// TV shows are not here: their list changes with `refresh` and lives in `ShowList`.
public struct Catalog: Sendable {
  public let directory: URL
  public let toys: [Toy]
  public let stories: [Story]
  public let products: [Product]
  public let toyCategories: [String]
  public let storyAgeRanges: [AgeRange]
  public let productCategories: [String]

  private let toyPositions: [Int: Int]
  private let storyPositions: [Int: Int]
  private let productPositions: [Int: Int]
  private let toysByCategory: [String: [Toy]]
  private let storiesByAges: [AgeRange: [Story]]
  private let productsByCategory: [String: [Product]]
  private let indexes = CatalogIndexes()

  public init(directory: URL, toys: [Toy], stories: [Story], products: [Product]) {
    self.directory = directory
    self.toys = toys
    self.stories = stories
    self.products = products
    toyPositions = Self.positions(toys.map(\.id))
    storyPositions = Self.positions(stories.map(\.id))
    productPositions = Self.positions(products.map(\.id))
    toysByCategory = Self.group(toys, by: \.category)
    storiesByAges = Self.group(stories, by: \.ages)
    productsByCategory = Self.group(products, by: \.category)
    toyCategories = toysByCategory.keys.sorted { SearchKey.fold($0) < SearchKey.fold($1) }
    storyAgeRanges = storiesByAges.keys.sorted()
    productCategories = productsByCategory.keys.sorted { SearchKey.fold($0) < SearchKey.fold($1) }
  }

  /// Where each id first appears.
  private static func positions(_ ids: [Int]) -> [Int: Int] {
    var positions: [Int: Int] = [:]
    positions.reserveCapacity(ids.count)
    for (position, id) in ids.enumerated() where positions[id] == nil {
      positions[id] = position
    }
    return positions
  }

  /// Groups `items` by `key`; a list with a single group shares the list's storage.
  private static func group<Item, Key: Hashable>(_ items: [Item], by key: (Item) -> Key)
    -> [Key: [Item]]
  {
    guard let first = items.first.map(key) else { return [:] }
    if items.allSatisfy({ key($0) == first }) { return [first: items] }
    return Dictionary(grouping: items, by: key)
  }

  public func toy(id: Int) -> Toy? { toyPositions[id].map { toys[$0] } }
  public func story(id: Int) -> Story? { storyPositions[id].map { stories[$0] } }
  public func product(id: Int) -> Product? { productPositions[id].map { products[$0] } }

  public func toys(inCategory category: String) -> [Toy] { toysByCategory[category] ?? [] }
  public func stories(forAges ages: AgeRange) -> [Story] { storiesByAges[ages] ?? [] }
  public func products(inCategory category: String) -> [Product] {
    productsByCategory[category] ?? []
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
        count: toys.count,
        fields: { [toys[$0].name, toys[$0].brand, toys[$0].description, toys[$0].category] },
        name: { toys[$0].name })
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
      return CompletionIndex(ids: list.map(\.id), names: list.map(\.name))
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

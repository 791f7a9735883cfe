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

  public init(directory: URL, toys: [Toy], stories: [Story], products: [Product]) {
    self.directory = directory
    self.toys = toys
    self.stories = stories
    self.products = products
    toyPositions = Dictionary(
      toys.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    storyPositions = Dictionary(
      stories.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    productPositions = Dictionary(
      products.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    toysByCategory = Dictionary(grouping: toys, by: \.category)
    storiesByAges = Dictionary(grouping: stories, by: \.ages)
    productsByCategory = Dictionary(grouping: products, by: \.category)
    toyCategories = toysByCategory.keys.sorted { SearchKey.fold($0) < SearchKey.fold($1) }
    storyAgeRanges = storiesByAges.keys.sorted()
    productCategories = productsByCategory.keys.sorted { SearchKey.fold($0) < SearchKey.fold($1) }
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
}

import Foundation

/// A toy of the catalog.
public struct Toy: Hashable, Sendable {
  public let id: Int
  public let name: String
  public let category: String
  public let ages: AgeRange
  public let price: Money
  public let brand: String
  public let description: String

  public init(
    id: Int, name: String, category: String, ages: AgeRange, price: Money, brand: String,
    description: String
  ) {
    self.id = id
    self.name = name
    self.category = category
    self.ages = ages
    self.price = price
    self.brand = brand
    self.description = description
  }
}

/// A story: its page is an HTML file inside the catalog directory.
public struct Story: Hashable, Sendable {
  public let id: Int
  public let title: String
  public let ages: AgeRange
  public let author: String
  public let words: Int
  /// Path of the HTML page, relative to the catalog directory.
  public let page: String

  public init(id: Int, title: String, ages: AgeRange, author: String, words: Int, page: String) {
    self.id = id
    self.title = title
    self.ages = ages
    self.author = author
    self.words = words
    self.page = page
  }

  /// Minutes to read aloud at about 150 words a minute, at least one.
  public var readingMinutes: Int { max(1, (words + 75) / 150) }
}

/// A product of the store.
public struct Product: Hashable, Sendable {
  public let id: Int
  public let name: String
  public let category: String
  public let price: Money
  public let description: String
  /// Path of the image file, relative to the catalog directory.
  public let image: String

  public init(
    id: Int, name: String, category: String, price: Money, description: String, image: String
  ) {
    self.id = id
    self.name = name
    self.category = category
    self.price = price
    self.description = description
    self.image = image
  }
}

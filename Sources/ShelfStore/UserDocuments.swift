import ShelfCatalog

/// `favorites.plist`: the saved toys, stories and products by id, and shows with their data
/// so that they can be listed and opened offline.
public struct FavoritesDocument: StoredDocument, Equatable {
  public static let currentVersion = 1
  public var version = FavoritesDocument.currentVersion
  public var toys: [Int] = []
  public var stories: [Int] = []
  public var products: [Int] = []
  public var shows: [Show] = []

  public init() {}

  /// Keys a file does not have (written by an older shelf) are empty, not an error.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    toys = try container.decodeIfPresent([Int].self, forKey: .toys) ?? []
    stories = try container.decodeIfPresent([Int].self, forKey: .stories) ?? []
    products = try container.decodeIfPresent([Int].self, forKey: .products) ?? []
    shows = try container.decodeIfPresent([Show].self, forKey: .shows) ?? []
  }

  public func contains(_ item: ItemID) -> Bool {
    switch item.kind {
    case .toy: toys.contains(item.id)
    case .story: stories.contains(item.id)
    case .product: products.contains(item.id)
    case .show: shows.contains { $0.id == item.id }
    }
  }

  public func writeXML(to writer: inout PropertyListXMLWriter) throws -> Bool {
    try writer.dictionary { writer in
      writer.key("products")
      writer.integers(products)
      writer.key("shows")
      try writer.array(of: shows, id: "shows", elementID: \.id)
      writer.key("stories")
      writer.integers(stories)
      writer.key("toys")
      writer.integers(toys)
      writer.key("version")
      writer.integer(version)
    }
    return true
  }

  public var isEmpty: Bool {
    toys.isEmpty && stories.isEmpty && products.isEmpty && shows.isEmpty
  }

  /// Adds the item; false when it was already there. A show is saved with `show`'s data.
  public mutating func add(_ item: ItemID, show: Show? = nil) -> Bool {
    guard !contains(item) else { return false }
    switch item.kind {
    case .toy: toys.append(item.id)
    case .story: stories.append(item.id)
    case .product: products.append(item.id)
    case .show: shows.append(show ?? Show(id: item.id, name: "show \(item.id)"))
    }
    return true
  }

  /// Removes the item; false when it was not there.
  public mutating func remove(_ item: ItemID) -> Bool {
    guard contains(item) else { return false }
    switch item.kind {
    case .toy: toys.removeAll { $0 == item.id }
    case .story: stories.removeAll { $0 == item.id }
    case .product: products.removeAll { $0 == item.id }
    case .show: shows.removeAll { $0.id == item.id }
    }
    return true
  }
}

/// One line of the cart.
public struct CartLine: Codable, Equatable, Sendable {
  public var kind: ItemKind
  public var id: Int
  public var quantity: Int

  public init(kind: ItemKind, id: Int, quantity: Int) {
    self.kind = kind
    self.id = id
    self.quantity = quantity
  }

  public var item: ItemID { ItemID(kind, id) }
}

/// `cart.plist`: the cart's lines in the order they were first added.
public struct CartDocument: StoredDocument, Equatable {
  public static let currentVersion = 1
  public static let quantityLimit = 1...999
  public var version = CartDocument.currentVersion
  public var lines: [CartLine] = []

  public init() {}

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    lines = try container.decodeIfPresent([CartLine].self, forKey: .lines) ?? []
  }

  public func writeXML(to writer: inout PropertyListXMLWriter) throws -> Bool {
    writer.dictionary { writer in
      writer.key("lines")
      writer.array(of: lines, id: "lines", key: \.item) { writer, line in
        writer.dictionary { writer in
          writer.key("id")
          writer.integer(line.id)
          writer.key("kind")
          writer.string(line.kind.rawValue)
          writer.key("quantity")
          writer.integer(line.quantity)
        }
      }
      writer.key("version")
      writer.integer(version)
    }
    return true
  }

  public func quantity(of item: ItemID) -> Int {
    lines.first { $0.item == item }?.quantity ?? 0
  }

  /// Drops lines whose quantity is below 1 and clamps those above 999, one note per line.
  public mutating func repair() -> [String] {
    var notes: [String] = []
    lines = lines.compactMap { line in
      if line.quantity < Self.quantityLimit.lowerBound {
        notes.append("\(line.item) had quantity \(line.quantity); dropped it from the cart")
        return nil
      }
      if line.quantity > Self.quantityLimit.upperBound {
        notes.append(
          "\(line.item) had quantity \(line.quantity); set it to \(Self.quantityLimit.upperBound)")
        var clamped = line
        clamped.quantity = Self.quantityLimit.upperBound
        return clamped
      }
      return line
    }
    return notes
  }
}

/// `preferences.plist`: where the user was and what they last looked at.
public struct PreferencesDocument: StoredDocument, Equatable {
  public static let currentVersion = 1
  public var version = PreferencesDocument.currentVersion
  public var lastPath: String?
  public var lastToyCategory: String?
  public var lastStoryAges: String?
  public var lastStoreCategory: String?

  public init() {}
}

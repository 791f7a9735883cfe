import Foundation
import ShelfDomain
import ShelfTerminal

/// `favorites.plist`: the saved toys, stories and products by id (with the name each had
/// when it was saved, so that one the catalog no longer has can still be listed), and shows
/// with their data so that they can be listed and opened offline.
public struct FavoritesDocument: StoredDocument, Equatable {
  public static let currentVersion = 1
  public var version = FavoritesDocument.currentVersion
  public var toys: [Int] = []
  public var stories: [Int] = []
  public var products: [Int] = []
  public var shows: [Show] = []
  /// The name of each toy, story and product when it was saved, by kind-qualified id
  /// (`toy:42`). Entries saved by an earlier shelf have none.
  public var names: [String: String] = [:]
  /// What could not be read from the file, for `repair` to report.
  private var unreadable: [String] = []

  private enum CodingKeys: String, CodingKey {
    case version, toys, stories, products, shows, names
  }

  public init() {}

  /// Keys a file does not have (written by an older shelf) are empty, not an error; an entry
  /// that cannot be read is dropped alone (`repair` says which).
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    for (key, name) in [(CodingKeys.toys, "toys"), (.stories, "stories"), (.products, "products")] {
      let (ids, skipped) = try container.decodeEach(Int.self, forKey: key)
      switch key {
      case .toys: toys = ids
      case .stories: stories = ids
      default: products = ids
      }
      unreadable += skipped.map { "entry \($0.position) of \(name) is not an id; dropped it" }
    }
    let (shows, skippedShows) = try container.decodeEach(
      Show.self, forKey: .shows, describing: ShowProbe.self
    ) { probe in probe.id.map { "show:\($0)" } }
    self.shows = shows
    unreadable += skippedShows.map { skipped in
      "entry \(skipped.position) of shows\(skipped.description.map { " (\($0))" } ?? "") "
        + "could not be read; dropped it"
    }
    if container.contains(.names) {
      if let names = try? container.decode([String: String].self, forKey: .names) {
        self.names = names
      } else {
        unreadable.append("the saved names could not be read; dropped them")
      }
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(toys, forKey: .toys)
    try container.encode(stories, forKey: .stories)
    try container.encode(products, forKey: .products)
    try container.encode(shows, forKey: .shows)
    if !names.isEmpty { try container.encode(names, forKey: .names) }
  }

  public func contains(_ item: ItemID) -> Bool {
    switch item.kind {
    case .toy: toys.contains(item.id)
    case .story: stories.contains(item.id)
    case .product: products.contains(item.id)
    case .show: shows.contains { $0.id == item.id }
    }
  }

  /// The name the item had when it was saved (a show's saved data); nil when none was kept.
  public func savedName(of item: ItemID) -> String? {
    item.kind == .show
      ? shows.first { $0.id == item.id }?.name : names[item.description]
  }

  /// Every saved item, kind by kind, in the order each was added.
  public var items: [ItemID] {
    toys.map { ItemID(.toy, $0) } + stories.map { ItemID(.story, $0) }
      + products.map { ItemID(.product, $0) } + shows.map { ItemID(.show, $0.id) }
  }

  public func writeXML(to writer: inout PropertyListXMLWriter) throws -> Bool {
    try writer.dictionary { writer in
      if !names.isEmpty {
        writer.key("names")
        writer.dictionary { writer in
          for (item, name) in names.sorted(by: { $0.key < $1.key }) {
            writer.key(text: item)
            writer.string(name)
          }
        }
      }
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

  /// How many items are saved, of every kind.
  public var count: Int { toys.count + stories.count + products.count + shows.count }

  /// Adds the item; false when it was already there. A show is saved with `show`'s data,
  /// another item with `name`, the name it has now.
  public mutating func add(_ item: ItemID, show: Show? = nil, name: String? = nil) -> Bool {
    guard !contains(item) else { return false }
    switch item.kind {
    case .toy: toys.append(item.id)
    case .story: stories.append(item.id)
    case .product: products.append(item.id)
    case .show: shows.append(show ?? Show(id: item.id, name: "show \(item.id)"))
    }
    if item.kind != .show, let name { names[item.description] = name }
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
    names[item.description] = nil
    return true
  }

  /// Reports the entries that could not be read, and keeps one of each item saved twice.
  public mutating func repair() -> [String] {
    var notes = unreadable
    unreadable = []
    func once(_ ids: [Int], _ kind: ItemKind) -> [Int] {
      var seen = Set<Int>()
      return ids.filter { id in
        if seen.insert(id).inserted { return true }
        notes.append("\(ItemID(kind, id)) was saved twice; kept it once")
        return false
      }
    }
    toys = once(toys, .toy)
    stories = once(stories, .story)
    products = once(products, .product)
    var seenShows = Set<Int>()
    shows = shows.filter { show in
      if seenShows.insert(show.id).inserted { return true }
      notes.append("\(ItemID(.show, show.id)) was saved twice; kept the first")
      return false
    }
    let saved = Set(toys.map { ItemID(.toy, $0).description })
      .union(stories.map { ItemID(.story, $0).description })
      .union(products.map { ItemID(.product, $0).description })
    names = names.filter { saved.contains($0.key) }
    return notes
  }
}

/// What can be read of a show entry that is not a whole show.
private struct ShowProbe: Decodable {
  let id: Int?
}

/// One line of the cart, with the item's name when it was added (so that a line whose item
/// the catalog no longer has is still listed by name; lines saved by an earlier shelf have
/// none), and the person it is bought for (their lasting id; their name in an export), whom
/// the line is hidden from.
public struct CartLine: Codable, Equatable, Sendable {
  public var kind: ItemKind
  public var id: Int
  public var quantity: Int
  public var name: String?
  public var boughtFor: String?

  public init(
    kind: ItemKind, id: Int, quantity: Int, name: String? = nil, boughtFor: String? = nil
  ) {
    self.kind = kind
    self.id = id
    self.quantity = quantity
    self.name = name
    self.boughtFor = boughtFor
  }

  public var item: ItemID { ItemID(kind, id) }
}

/// `cart.plist`: the cart's lines in the order they were first added.
public struct CartDocument: StoredDocument, Equatable {
  public static let currentVersion = 1
  public static let quantityLimit = 1...999
  public var version = CartDocument.currentVersion
  public var lines: [CartLine] = []
  /// What could not be read from the file, for `repair` to report.
  private var unreadable: [String] = []

  private enum CodingKeys: String, CodingKey {
    case version, lines
  }

  public init() {}

  /// A line that cannot be read (a kind this shelf does not know, a missing quantity) is
  /// dropped alone; `repair` says which.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    let (lines, skipped) = try container.decodeEach(
      CartLine.self, forKey: .lines, describing: LineProbe.self
    ) { probe in
      guard let kind = probe.kind, let id = probe.id else { return nil }
      return TerminalText.sanitize("\(kind):\(id)")
    }
    self.lines = lines
    unreadable = skipped.map { skipped in
      "line \(skipped.position)\(skipped.description.map { " (\($0))" } ?? "") "
        + "could not be read; dropped it from the cart"
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(lines, forKey: .lines)
  }

  public func writeXML(to writer: inout PropertyListXMLWriter) throws -> Bool {
    writer.dictionary { writer in
      writer.key("lines")
      writer.array(of: lines, id: "lines", key: \.item) { writer, line in
        writer.dictionary { writer in
          if let boughtFor = line.boughtFor {
            writer.key("boughtFor")
            writer.string(boughtFor)
          }
          writer.key("id")
          writer.integer(line.id)
          writer.key("kind")
          writer.string(line.kind.rawValue)
          if let name = line.name {
            writer.key("name")
            writer.string(name)
          }
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

  /// Reports the lines that could not be read, drops lines whose quantity is below 1 or whose
  /// item cannot be bought, merges the lines of an item listed twice (quantities added) and
  /// clamps quantities above 999: one note per change, naming the item.
  public mutating func repair() -> [String] {
    var notes = unreadable
    unreadable = []
    let limit = Self.quantityLimit
    var merged: [CartLine] = []
    var positions: [ItemID: Int] = [:]
    var mergedItems: Set<ItemID> = []
    for line in lines {
      guard line.kind.isBuyable else {
        notes.append("\(line.item) cannot be bought; dropped it from the cart")
        continue
      }
      guard line.quantity >= limit.lowerBound else {
        notes.append("\(line.item) had quantity \(line.quantity); dropped it from the cart")
        continue
      }
      guard let position = positions[line.item] else {
        positions[line.item] = merged.count
        merged.append(line)
        continue
      }
      merged[position].quantity += line.quantity
      if merged[position].name == nil { merged[position].name = line.name }
      mergedItems.insert(line.item)
    }
    for index in merged.indices {
      let line = merged[index]
      let clamped = min(line.quantity, limit.upperBound)
      if mergedItems.contains(line.item) {
        notes.append("\(line.item) had more than one line; merged them (quantity \(clamped))")
      } else if clamped != line.quantity {
        notes.append("\(line.item) had quantity \(line.quantity); set it to \(clamped)")
      }
      merged[index].quantity = clamped
    }
    lines = merged
    return notes
  }
}

/// What can be read of a cart line that is not a whole line.
private struct LineProbe: Decodable {
  let kind: String?
  let id: Int?
}

/// `preferences.plist`: where the user was and what they last looked at, each with when it
/// last changed (`changedAt`, by `PreferencesDocument.Section`).
public struct PreferencesDocument: StoredDocument, Equatable {
  public static let currentVersion = 1
  public static let recordsChanges = true
  public var version = PreferencesDocument.currentVersion
  public var lastPath: String?
  public var lastToyCategory: String?
  public var lastStoryAges: String?
  public var lastStoreCategory: String?
  /// When each position last changed, by the section's raw value.
  public var changedAt: [String: Date] = [:]

  public init() {}

  /// The positions kept: the path, and the last place in each section.
  public enum Section: String, CaseIterable, Codable, Sendable {
    case path, toys, stories, store
  }

  public subscript(section: Section) -> String? {
    get {
      switch section {
      case .path: lastPath
      case .toys: lastToyCategory
      case .stories: lastStoryAges
      case .store: lastStoreCategory
      }
    }
    set {
      switch section {
      case .path: lastPath = newValue
      case .toys: lastToyCategory = newValue
      case .stories: lastStoryAges = newValue
      case .store: lastStoreCategory = newValue
      }
    }
  }

  private enum CodingKeys: String, CodingKey {
    case version, lastPath, lastToyCategory, lastStoryAges, lastStoreCategory, changedAt
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    lastPath = try container.decodeIfPresent(String.self, forKey: .lastPath)
    lastToyCategory = try container.decodeIfPresent(String.self, forKey: .lastToyCategory)
    lastStoryAges = try container.decodeIfPresent(String.self, forKey: .lastStoryAges)
    lastStoreCategory = try container.decodeIfPresent(String.self, forKey: .lastStoreCategory)
    changedAt = (try? container.decodeIfPresent([String: Date].self, forKey: .changedAt)) ?? [:]
  }
}

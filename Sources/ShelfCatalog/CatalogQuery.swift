import ShelfDomain
import ShelfSearch

/// What `find` looks for: words that must all appear (case- and accent-insensitive), an
/// optional age window that an item's range must overlap, and the list options (`--price`,
/// `--sort`, `--limit`).
public struct CatalogQuery: Hashable, Sendable, CustomStringConvertible {
  public let text: String
  public let minimumAge: Int?
  public let maximumAge: Int?
  public let options: ListOptions
  /// `--fuzzy`: near spellings are listed however many other matches there are.
  public var fuzzy = false
  private let terms: [String]

  public init(
    text: String, minimumAge: Int? = nil, maximumAge: Int? = nil, options: ListOptions = .init()
  ) {
    self.text = text
    self.minimumAge = minimumAge
    self.maximumAge = maximumAge
    self.options = options
    terms = SearchKey.fold(text).split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// The same search with other list options.
  public func with(_ options: ListOptions) -> CatalogQuery {
    var query = CatalogQuery(
      text: text, minimumAge: minimumAge, maximumAge: maximumAge, options: options)
    query.fuzzy = fuzzy
    return query
  }

  /// True when `price` is in the `--price` window (or there is none); an item without a
  /// price is left out by a window.
  public func matchesPrice(_ price: Money?) -> Bool {
    guard let window = options.price else { return true }
    return price.map(window.contains) ?? false
  }

  /// True when the age window and the price window keep the item.
  public func matchesFilters(ages: AgeRange?, price: Money?) -> Bool {
    if minimumAge != nil || maximumAge != nil {
      guard let ages, matchesAges(ages) else { return false }
    }
    return matchesPrice(price)
  }

  public var isEmpty: Bool {
    terms.isEmpty && minimumAge == nil && maximumAge == nil && options.price == nil
  }

  /// True when every word appears in one of `fields`.
  public func matchesText(_ fields: [String]) -> Bool {
    if terms.isEmpty { return true }
    let folded = fields.map(SearchKey.fold)
    return terms.allSatisfy { term in folded.contains { Self.contains($0, term) } }
  }

  /// Substring search on UTF-8 bytes (both sides already folded).
  static func contains(_ haystack: String, _ needle: String) -> Bool {
    let needle = Array(needle.utf8)
    guard let first = needle.first else { return true }
    var haystack = haystack
    return haystack.withUTF8 { bytes in
      guard bytes.count >= needle.count else { return false }
      var index = 0
      let last = bytes.count - needle.count
      while index <= last {
        if bytes[index] == first {
          var offset = 1
          while offset < needle.count && bytes[index + offset] == needle[offset] { offset += 1 }
          if offset == needle.count { return true }
        }
        index += 1
      }
      return false
    }
  }

  /// True when `ages` overlaps the requested window (either end may be open).
  public func matchesAges(_ ages: AgeRange) -> Bool {
    if let minimumAge, ages.maximum < minimumAge { return false }
    if let maximumAge, ages.minimum > maximumAge { return false }
    return true
  }

  public func matches(_ toy: Toy) -> Bool {
    matchesAges(toy.ages) && matchesText([toy.name, toy.brand, toy.description, toy.category])
  }

  public func matches(_ story: Story) -> Bool {
    matchesAges(story.ages) && matchesText([story.title, story.author])
  }

  /// Products and shows have no ages: an age window leaves them out.
  public func matches(_ product: Product) -> Bool {
    minimumAge == nil && maximumAge == nil
      && matchesText([product.name, product.description, product.category])
  }

  public func matches(_ show: Show) -> Bool {
    minimumAge == nil && maximumAge == nil && matchesText([show.name] + (show.genres ?? []))
  }

  /// How the query reads back to the user: `"bear" ages 3-6`.
  public var description: String {
    var parts: [String] = []
    if !text.isEmpty { parts.append("\"\(text)\"") }
    switch (minimumAge, maximumAge) {
    case let (low?, high?): parts.append(low == high ? "age \(low)" : "ages \(low)-\(high)")
    case let (low?, nil): parts.append("ages \(low) and up")
    case let (nil, high?): parts.append("ages up to \(high)")
    case (nil, nil): break
    }
    if !options.isEmpty { parts.append(options.description) }
    return parts.isEmpty ? "everything" : parts.joined(separator: " ")
  }
}

import ShelfCatalog
import ShelfDomain

/// A filter a list may take, by its option: `--age`, `--price`, `--kind`, and for shows
/// `--genre`, `--status`, `--language`, `--rating`; `--fits`.
public enum ListFilterKind: String, CaseIterable, Sendable {
  case age, price, kind, genre, status, language, rating, fits

  /// `--age`.
  public var option: String { "--" + rawValue }
}

/// One filter with its value, as the user gave it.
public enum ListFilter: Hashable, Sendable {
  case age(AgeRange)
  case price(PriceRange)
  case kind(ItemKind)
  case genre(String)
  case status(String)
  case language(String)
  case rating(RatingRange)
  /// `--fits`: what fits a child of `age` (a toy or story whose age range holds it, a show
  /// TVmaze files for children: `ChildrensShows`).
  case fits(name: String, age: Int)

  public var kind: ListFilterKind {
    switch self {
    case .age: .age
    case .fits: .fits
    case .price: .price
    case .kind: .kind
    case .genre: .genre
    case .status: .status
    case .language: .language
    case .rating: .rating
    }
  }

  /// How the heading says it: `ages 3-6`, `priced 5.00-20.00`, `genre Drama`.
  var phrase: String {
    switch self {
    case .age(let ages):
      ages.minimum == ages.maximum ? "for age \(ages.minimum)" : "for ages \(ages)"
    case .price(let prices): "priced \(prices)"
    case .kind(let kind): "\(kind.plural) only"
    case .genre(let genre): "genre \(genre)"
    case .status(let status): "status \(status)"
    case .language(let language): "in \(language)"
    case .rating(let range): "rated \(range)"
    case .fits(let name, let age): "that fit \(name) (\(age))"
    }
  }
}

/// A rating window, `7` (7 and above) or `7-9`, on TVmaze's scale of 0 to 10.
public struct RatingRange: Hashable, Sendable, CustomStringConvertible {
  public let minimum: Double
  public let maximum: Double

  /// Parses `MIN` or `MIN-MAX`, each from 0 to 10 with at most one decimal; nil otherwise.
  public init?(parsing text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    guard (1...2).contains(parts.count), let low = Self.number(parts[0]) else { return nil }
    let high = parts.count == 2 ? Self.number(parts[1]) : 10
    guard let high, low <= high else { return nil }
    minimum = low
    maximum = high
  }

  private static func number(_ text: String) -> Double? {
    guard !text.isEmpty, text.count <= 4,
      text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(text),
      (0...10).contains(value)
    else { return nil }
    return value
  }

  public func contains(_ rating: Double) -> Bool { minimum <= rating && rating <= maximum }

  public var description: String {
    maximum == 10
      ? "\(Self.format(minimum)) and above" : "\(Self.format(minimum))-\(Self.format(maximum))"
  }

  private static func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}

/// What `--sort`, `--reverse`, `--limit` and the filters ask of a list: the same request for
/// every list; each list's declaration says which orders and filters it takes.
public struct ListRequest: Hashable, Sendable {
  /// An order's name (`price`); nil for the list's own order.
  public var sort: String?
  public var reverse = false
  public var limit: Int?
  public var filters: [ListFilter] = []

  public init(
    sort: String? = nil, reverse: Bool = false, limit: Int? = nil, filters: [ListFilter] = []
  ) {
    self.sort = sort
    self.reverse = reverse
    self.limit = limit
    self.filters = filters
  }

  public var isEmpty: Bool { sort == nil && !reverse && limit == nil && filters.isEmpty }

  /// The options that `find`'s catalog search carries out itself (`--sort name|price|age|
  /// relevance`, `--limit`, `--price`).
  var catalogOptions: ListOptions {
    var options = ListOptions(
      sort: sort.flatMap(CatalogSort.init(rawValue:)), limit: limit, price: nil)
    for case .price(let prices) in filters { options.price = prices }
    return options
  }

  var ages: AgeRange? {
    for case .age(let ages) in filters { return ages }
    return nil
  }
}

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

import ShelfDomain
import ShelfSearch

/// A toy: its row in lists and, as it is, the JSON of its details.
struct ToyRow: Encodable, Sendable {
  let kind = "toy"
  let id: Int
  let name: String
  let category: String
  let minAge: Int
  let maxAge: Int
  let price: Money
  let brand: String
  let description: String
  let favorite: Bool
  let inCart: Int
  /// Whether the child in question is within its ages (absent when no child is).
  let fits: Bool?

  init(_ toy: Toy, favorite: Bool, inCart: Int, fits: Bool? = nil) {
    id = toy.id
    name = toy.name
    category = toy.category
    minAge = toy.ages.minimum
    maxAge = toy.ages.maximum
    price = toy.price
    brand = toy.brand
    description = toy.description
    self.favorite = favorite
    self.inCart = inCart
    self.fits = fits
  }

  var ages: String { "\(minAge)-\(maxAge)" }
  var ageRange: AgeRange? { AgeRange(minimum: minAge, maximum: maxAge) }

}

extension ToyRow: ListedRow {
  static let list = ListDeclaration<ToyRow>(
    unit: "toys",
    columns: [
      ListColumn("Id", keys: ["id"], .right) { StyledText(String($0.id), .dim) },
      ListColumn("Name", keys: ["name"], flexible: true) { StyledText($0.name) },
      ListColumn("Ages", keys: ["minAge", "maxAge"]) { StyledText($0.ages) },
      ListColumn("Price", keys: ["price"], .right) { StyledText($0.price.formatted, .price) },
      ListColumn("", keys: ["favorite"]) { DetailsLayout.star($0.favorite) },
      ListColumn("", keys: ["fits"]) { DetailsLayout.fitsMarker($0.fits) },
    ],
    orders: [
      .by("name") { SearchKey.fold($0.name) }, .by("price") { $0.price },
      .by("age") { $0.ageRange }, .by("id") { $0.id },
    ],
    filters: [
      .age: ListFilters.ages(\.ageRange), .fits: ListFilters.ages(\.ageRange),
      .price: ListFilters.price(\.price),
    ],
    name: \.name)
}

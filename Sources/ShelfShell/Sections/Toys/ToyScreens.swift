import ShelfDomain

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

/// A toy's page (`open 42`): its facts and description; its row in JSON.
struct ToyScreen: Screen {
  let toy: ToyRow

  func encode(to encoder: Encoder) throws { try toy.encode(to: encoder) }

  var blocks: [Block] {
    [
      DetailsLayout.title(toy.name, favorite: toy.favorite),
      DetailsLayout.fact("Category", toy.category), DetailsLayout.fact("Ages", toy.ages),
      .text(DetailsLayout.label("Price") + StyledText(toy.price.formatted, .price)),
      DetailsLayout.fact("Brand", toy.brand),
      DetailsLayout.fact("Favorite", toy.favorite ? "yes" : "no"),
      DetailsLayout.fact("In cart", String(toy.inCart)), .blank,
      .paragraph(StyledText(toy.description)),
    ]
  }
}

import ShelfCatalog

/// A toy as `--json` shows it, and its details screen.
struct ToyModel: Screen {
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

  var blocks: [Block] {
    [
      DetailsLayout.title(name, favorite: favorite),
      DetailsLayout.fact("Category", category), DetailsLayout.fact("Ages", ages),
      .text(DetailsLayout.label("Price") + StyledText(price.formatted, .price)),
      DetailsLayout.fact("Brand", brand), DetailsLayout.fact("Favorite", favorite ? "yes" : "no"),
      DetailsLayout.fact("In cart", String(inCart)), .blank,
      .paragraph(StyledText(description)),
    ]
  }
}

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

  init(_ toy: Toy, favorite: Bool, inCart: Int) {
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
  }

  var ages: String { "\(minAge)-\(maxAge)" }

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

/// `/toys/Dolls`: the toys of one category.
struct ToyListScreen: Screen {
  let title: String
  /// What `ls --sort/--limit/--price` did, for the heading (`; by price, first 3`).
  var note = ""
  let listing: ListingModel<ToyModel>

  func encode(to encoder: Encoder) throws { try listing.encode(to: encoder) }

  var blocks: [Block] {
    let table = Table(
      columns: [
        .init("Id", .right), .init("Name", flexible: true), .init("Ages"), .init("Price", .right),
        .init(""),
      ],
      rows: listing.rows.map { toy in
        [
          StyledText(String(toy.id), .dim), StyledText(toy.name), StyledText(toy.ages),
          StyledText(toy.price.formatted, .price), DetailsLayout.star(toy.favorite),
        ]
      })
    return [
      .text(
        StyledText("\(title) (\(Thousands.grouped(listing.rows.count)) toys\(note))", .heading)),
      .table(table),
    ]
  }
}

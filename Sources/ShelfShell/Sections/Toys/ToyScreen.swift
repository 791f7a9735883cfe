import ShelfDomain

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

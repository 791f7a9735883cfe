import Foundation
import ShelfDomain

/// A product's page (`open 1001`): its picture, facts and description; its row in JSON.
struct ProductScreen: Screen {
  let product: ProductRow

  func encode(to encoder: Encoder) throws { try product.encode(to: encoder) }

  var blocks: [Block] {
    [
      .image(
        ImageSource(
          file: URL(fileURLWithPath: product.image), fallback: "Image: \(product.image)",
          maxColumns: 32)),
      DetailsLayout.title(product.name, favorite: product.favorite),
      .text(DetailsLayout.label("Price") + StyledText(product.price.formatted, .price)),
      DetailsLayout.fact("Category", product.category),
      DetailsLayout.fact("Favorite", product.favorite ? "yes" : "no"),
      DetailsLayout.fact("In cart", String(product.inCart)),
      .blank, .paragraph(StyledText(product.description)),
    ]
  }
}

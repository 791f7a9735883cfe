import Foundation
import ShelfDomain

/// A product: its row in lists and, as it is, the JSON of its details.
struct ProductRow: Encodable, Sendable {
  let kind = "product"
  let id: Int
  let name: String
  let category: String
  let price: Money
  let description: String
  let image: String
  let favorite: Bool
  let inCart: Int

  init(_ product: Product, imagePath: String, favorite: Bool, inCart: Int) {
    id = product.id
    name = product.name
    category = product.category
    price = product.price
    description = product.description
    image = imagePath
    self.favorite = favorite
    self.inCart = inCart
  }

}

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

import Foundation
import ShelfCatalog

/// A product as `--json` shows it, and its details screen with its picture.
struct ProductModel: Screen {
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

  var blocks: [Block] {
    [
      .image(
        ImageSource(
          file: URL(fileURLWithPath: image), fallback: "Image: \(image)", maxColumns: 32)),
      DetailsLayout.title(name, favorite: favorite),
      .text(DetailsLayout.label("Price") + StyledText(price.formatted, .price)),
      DetailsLayout.fact("Category", category),
      DetailsLayout.fact("Favorite", favorite ? "yes" : "no"),
      DetailsLayout.fact("In cart", String(inCart)),
      .blank, .paragraph(StyledText(description)),
    ]
  }
}

import Foundation
import ShelfDomain
import ShelfSearch

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

extension ProductRow: ListedRow {
  static let list = ListDeclaration<ProductRow>(
    unit: "products",
    columns: [
      ListColumn("Id", keys: ["id"], .right) { StyledText(String($0.id), .dim) },
      ListColumn("Name", keys: ["name"], flexible: true) { StyledText($0.name) },
      ListColumn("Price", keys: ["price"], .right) { StyledText($0.price.formatted, .price) },
      ListColumn("", keys: ["favorite"]) { DetailsLayout.star($0.favorite) },
    ],
    orders: [
      .by("name") { SearchKey.fold($0.name) }, .by("price") { $0.price }, .by("id") { $0.id },
    ],
    filters: [.price: ListFilters.price(\.price)],
    name: \.name)
}

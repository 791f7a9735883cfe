import ShelfCatalog
import ShelfStore

/// `/store`: product categories, a category's products, a product.
struct StoreSection: Section {
  let root = Location.store

  func homeRow(inputs: ScreenInputs) -> HomeScreen.Row? {
    row("The store", count: inputs.catalog.products.count, unit: "products")
  }

  func remember(_ location: Location, in preferences: inout PreferencesDocument) {
    if case .storeCategory(let category) = location { preferences.lastStoreCategory = category }
    if case .product(let category, _) = location { preferences.lastStoreCategory = category }
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let catalog = inputs.catalog
    switch location {
    case .storeCategory(let category):
      return ProductListScreen(
        title: category,
        listing: ListingModel(
          path: location.path,
          rows: catalog.products(inCategory: category).map(inputs.productModel)))
    case .product(_, let id):
      guard let product = catalog.product(id: id) else {
        throw ShellError.unknownReference(
          ItemID(.product, id).description, searched: "the catalog")
      }
      return inputs.productModel(product)
    default:
      return GroupListScreen(
        title: "Store", path: root.path, unit: "products",
        last: inputs.preferences.lastStoreCategory,
        groups: catalog.productCategories.map { ($0, catalog.products(inCategory: $0).count) })
    }
  }
}

import ShelfCatalog
import ShelfDomain
import ShelfSearch
import ShelfStore

/// `/store`: product categories, a category's products, a product.
struct StoreSection: CatalogSection {
  let root = Location.store

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    row("The store", count: try inputs.catalog.products.count, unit: "products")
  }

  let homeRowInputs: ScreenNeeds = .catalog

  func inputs(at location: Location) -> ScreenNeeds {
    [.catalog, .favorites, .cart, .preferences]
  }

  func remember(_ location: Location, in preferences: inout PreferencesDocument) {
    if case .storeCategory(let category) = location { preferences.lastStoreCategory = category }
    if case .product(let category, _) = location { preferences.lastStoreCategory = category }
  }

  func listCapabilities(at location: Location) -> ListCapabilities? {
    switch location {
    case .store: GroupListScreen.Row.list.capabilities
    case .storeCategory: ProductRow.list.capabilities
    default: nil
    }
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let catalog = try inputs.catalog
    switch location {
    case .storeCategory(let category):
      return ItemListScreen(
        title: category, path: location.path,
        rows: try catalog.products(inCategory: category).map(inputs.productRow),
        request: inputs.listing)
    case .product(_, let id):
      guard let product = catalog.product(id: id) else {
        throw ShellError.unknownReference(
          ItemID(.product, id).description, searched: "the catalog")
      }
      return try ProductScreen(product: inputs.productRow(product))
    default:
      return GroupListScreen(
        title: "Store", path: root.path, unit: "products",
        last: inputs.preferences.lastStoreCategory,
        groups: catalog.productCategories.map { ($0, catalog.products(inCategory: $0).count) },
        request: inputs.listing)
    }
  }

  func groups(in catalog: Catalog) -> [(name: String, location: Location)] {
    catalog.productCategories.map { ($0, .storeCategory($0)) }
  }

  func list(at location: Location, in catalog: Catalog) -> ItemList<Product>? {
    guard case .storeCategory(let category) = location else { return nil }
    return catalog.products(inCategory: category)
  }

  func completionIndex(at location: Location, in catalog: Catalog) -> CompletionIndex? {
    guard case .storeCategory(let category) = location else { return nil }
    return catalog.completionIndex(forProductsIn: category)
  }

  func search(in catalog: Catalog) -> CatalogSearch<Product> {
    CatalogSearch(
      items: catalog.products, search: { catalog.searchProducts($0, where: $1) },
      name: \.name, price: \.price, ages: { _ in nil }, entry: Entry.init(product:))
  }

  func entry(_ product: Product) -> Entry { Entry(product: product) }
}

extension Entry {
  init(product: Product) {
    self.init(
      name: product.name, segment: String(product.id),
      location: .product(category: product.category, id: product.id),
      item: ItemID(.product, product.id))
  }
}

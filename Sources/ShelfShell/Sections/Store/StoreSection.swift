import ShelfCatalog
import ShelfStore

/// `/store`: product categories, a category's products, a product.
struct StoreSection: Section {
  let root = Location.store

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    row("The store", count: try inputs.catalog.products.count, unit: "products")
  }

  func remember(_ location: Location, in preferences: inout PreferencesDocument) {
    if case .storeCategory(let category) = location { preferences.lastStoreCategory = category }
    if case .product(let category, _) = location { preferences.lastStoreCategory = category }
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    let catalog = try inputs.catalog
    switch location {
    case .storeCategory(let category):
      let products = inputs.listing.apply(
        catalog.products(inCategory: category), name: \.name, price: \.price,
        ages: { _ in nil })
      return ProductListScreen(
        title: category, note: inputs.listingNote,
        listing: ListingModel(path: location.path, rows: try products.map(inputs.productModel)))
    case .product(_, let id):
      guard let product = catalog.product(id: id) else {
        throw ShellError.unknownReference(
          ItemID(.product, id).description, searched: "the catalog")
      }
      return try inputs.productModel(product)
    default:
      return GroupListScreen(
        title: "Store", path: root.path, unit: "products",
        last: inputs.preferences.lastStoreCategory,
        groups: catalog.productCategories.map { ($0, catalog.products(inCategory: $0).count) })
    }
  }

  let searchedFromHome = true

  func children(of location: Location, in library: Library) throws -> [Entry] {
    guard location == root else { return try items(at: location, in: library) }
    return try library.catalog.productCategories.map {
      Entry(name: $0, segment: $0, location: .storeCategory($0))
    }
  }

  func items(at location: Location, in library: Library) throws -> [Entry] {
    guard case .storeCategory(let category) = location else { return [] }
    return try library.catalog.products(inCategory: category).map(Entry.init(product:))
  }

  func indexedList(at location: Location, in library: Library) throws -> IndexedList? {
    guard case .storeCategory(let category) = location else { return nil }
    let catalog = try library.catalog
    let products = catalog.products(inCategory: category)
    return IndexedList(index: catalog.completionIndex(forProductsIn: category)) {
      Entry(product: products[$0])
    }
  }

  func find(_ query: CatalogQuery, in library: Library) throws -> [RankedEntry] {
    try search(library).ranked(query)
  }

  func findArranged(_ query: CatalogQuery, in library: Library) throws -> [Entry] {
    try search(library).arranged(query)
  }

  private func search(_ library: Library) throws -> CatalogSearch<Product> {
    let catalog = try library.catalog
    return CatalogSearch(
      items: catalog.products, search: { catalog.searchProducts($0, where: $1) },
      name: \.name, price: \.price, ages: { _ in nil }, entry: Entry.init(product:))
  }
}

extension Entry {
  init(product: Product) {
    self.init(
      name: product.name, segment: String(product.id),
      location: .product(category: product.category, id: product.id),
      item: ItemID(.product, product.id))
  }
}

import ShelfCatalog

/// A saved item the catalog (or the show store) no longer has, as the favourites list it:
/// the name it was saved with (its kind-qualified id when none was kept).
struct GoneItemModel: Encodable, Sendable {
  let kind: ItemKind
  let id: Int
  let name: String
  let available = false

  private enum CodingKeys: String, CodingKey { case kind, id, name, available }
}

/// One row of a mixed listing (favourites): the item's own model, which names its `kind`.
enum ItemModel: Encodable, Sendable {
  case toy(ToyModel)
  case story(StoryModel)
  case product(ProductModel)
  case show(ShowModel)
  case gone(GoneItemModel)

  func encode(to encoder: Encoder) throws {
    switch self {
    case .toy(let model): try model.encode(to: encoder)
    case .story(let model): try model.encode(to: encoder)
    case .product(let model): try model.encode(to: encoder)
    case .show(let model): try model.encode(to: encoder)
    case .gone(let model): try model.encode(to: encoder)
    }
  }

  var kind: ItemKind {
    switch self {
    case .toy: .toy
    case .story: .story
    case .product: .product
    case .show: .show
    case .gone(let model): model.kind
    }
  }
}

extension ItemModel {
  var id: Int {
    switch self {
    case .toy(let model): model.id
    case .story(let model): model.id
    case .product(let model): model.id
    case .show(let model): model.id
    case .gone(let model): model.id
    }
  }

  var name: String {
    switch self {
    case .toy(let model): model.name
    case .story(let model): model.title
    case .product(let model): model.name
    case .show(let model): model.name
    case .gone(let model): model.name
    }
  }

  var price: Money? {
    switch self {
    case .toy(let model): model.price
    case .product(let model): model.price
    default: nil
    }
  }

  var ages: AgeRange? {
    switch self {
    case .toy(let model): model.ageRange
    case .story(let model): model.ageRange
    default: nil
    }
  }

  /// What the row says beside the name: where it is, its ages, price or genres.
  var details: StyledText {
    switch self {
    case .toy(let toy): StyledText("\(toy.category), ages \(toy.ages)", .dim)
    case .story(let story): StyledText("ages \(story.ages), \(story.author)", .dim)
    case .product(let product): StyledText(product.price.formatted, .price)
    case .show(let show):
      StyledText(
        ([show.genresText, show.tracking ?? ""] + [show.myRating.map { "\($0)/10" } ?? ""])
          .filter { !$0.isEmpty }.joined(separator: " · "), .dim)
    case .gone(let gone):
      StyledText(
        gone.kind == .show ? "no longer in the show store" : "no longer in the catalog", .dim)
    }
  }
}

extension ItemModel: ListedRow {
  static let list = ListDeclaration<ItemModel>(
    unit: "favorites",
    columns: [
      ListColumn("Ref") { StyledText("\($0.kind.rawValue):\($0.id)", .dim) },
      ListColumn("Name", flexible: true) { StyledText($0.name) },
      ListColumn("", flexible: true) { $0.details },
    ],
    orders: [
      .by("name") { SearchKey.fold($0.name) }, .by("kind") { $0.kind },
      .descending("rating") { (row: ItemModel) -> Int? in
        guard case .show(let show) = row else { return nil }
        return show.myRating
      }, .by("id") { $0.id },
    ],
    filters: [
      .kind: ListFilters.kind(\.kind), .age: ListFilters.ages(\.ages),
      .price: ListFilters.price(\.price),
    ],
    name: \.name)
}

/// `/favorites`: every saved toy, story, product and show, grouped by kind (or one list in the
/// order `--sort` asks); an item the catalog no longer has is listed in its group by the name
/// it was saved with.
struct FavoritesScreen: Screen {
  let path = "/favorites"
  let rows: [ItemModel]
  let total: Int
  let all: Int
  let request: ListRequest

  private enum CodingKeys: String, CodingKey { case path, rows }

  /// `rows` in the order they were saved; they are listed kind by kind unless sorted.
  init(rows: [ItemModel], request: ListRequest = ListRequest()) {
    let grouped =
      request.sort == nil
      ? ItemKind.allCases.flatMap { kind in rows.filter { $0.kind == kind } } : rows
    let arranged = ItemModel.list.arrange(grouped, request)
    self.rows = arranged.rows
    total = arranged.total
    all = rows.count
    self.request = request
  }

  var blocks: [Block] {
    let heading =
      request.isEmpty
      ? "Favorites"
      : ListHeading.text(
        "Favorites", shown: rows.count, total: total, all: all, unit: "favorites",
        request: request)
    var blocks: [Block] = [.text(StyledText(heading, .heading))]
    if all == 0 {
      blocks.append(.text(StyledText("No favorites yet: \"fav\" on an item saves it.", .dim)))
    }
    guard request.sort == nil else {
      blocks.append(.table(ItemModel.list.table(rows)))
      return blocks
    }
    for (kind, title) in [
      (ItemKind.toy, "Toys"), (.story, "Stories"), (.product, "Products"), (.show, "Shows"),
    ] {
      let group = rows.filter { $0.kind == kind }
      guard !group.isEmpty else { continue }
      blocks.append(.text(StyledText("\(title) (\(Thousands.grouped(group.count)))", .bold)))
      blocks.append(.table(ItemModel.list.table(group)))
    }
    return blocks
  }
}

extension ItemModel {
  /// Whether the child in question is within the item's ages (nil: no child, or no ages).
  var fits: Bool? {
    switch self {
    case .toy(let model): model.fits
    case .story(let model): model.fits
    default: nil
    }
  }

  /// Whether the item is a favorite (what the ★ beside it says).
  var isFavorite: Bool {
    switch self {
    case .toy(let model): model.favorite
    case .story(let model): model.favorite
    case .product(let model): model.favorite
    case .show(let model): model.favorite
    case .gone: true
    }
  }
}

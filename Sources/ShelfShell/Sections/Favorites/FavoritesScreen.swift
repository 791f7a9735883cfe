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

  var name: String {
    switch self {
    case .toy(let model): model.name
    case .story(let model): model.title
    case .product(let model): model.name
    case .show(let model): model.name
    case .gone(let model): model.name
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

/// `/favorites`: every saved toy, story, product and show, grouped by kind; an item the
/// catalog no longer has is listed in its group by the name it was saved with.
struct FavoritesScreen: Screen {
  let listing: ListingModel<ItemModel>

  /// `rows` in the order they were saved; they are listed kind by kind.
  init(rows: [ItemModel]) {
    listing = ListingModel(
      path: "/favorites",
      rows: ItemKind.allCases.flatMap { kind in rows.filter { $0.kind == kind } })
  }

  func encode(to encoder: Encoder) throws { try listing.encode(to: encoder) }

  var blocks: [Block] {
    var blocks: [Block] = [.text(StyledText("Favorites", .heading))]
    if listing.rows.isEmpty {
      blocks.append(.text(StyledText("No favorites yet: \"fav\" on an item saves it.", .dim)))
    }
    var groups: [ItemKind: [[StyledText]]] = [:]
    for row in listing.rows {
      groups[row.kind, default: []].append(cells(row))
    }
    for (kind, title) in [
      (ItemKind.toy, "Toys"), (.story, "Stories"), (.product, "Products"), (.show, "Shows"),
    ] {
      guard let rows = groups[kind], !rows.isEmpty else { continue }
      blocks.append(.text(StyledText("\(title) (\(Thousands.grouped(rows.count)))", .bold)))
      blocks.append(
        .table(
          Table(columns: [.init("Ref"), .init("Name", flexible: true), .init("")], rows: rows)))
    }
    return blocks
  }

  private func cells(_ row: ItemModel) -> [StyledText] {
    switch row {
    case .toy(let toy):
      [
        StyledText("toy:\(toy.id)", .dim), StyledText(toy.name),
        StyledText("\(toy.category), ages \(toy.ages)", .dim),
      ]
    case .story(let story):
      [
        StyledText("story:\(story.id)", .dim), StyledText(story.title),
        StyledText("ages \(story.ages), \(story.author)", .dim),
      ]
    case .product(let product):
      [
        StyledText("product:\(product.id)", .dim), StyledText(product.name),
        StyledText(product.price.formatted, .price),
      ]
    case .show(let show):
      [
        StyledText("show:\(show.id)", .dim), StyledText(show.name),
        StyledText(
          ([show.genresText, show.tracking ?? ""] + [show.myRating.map { "\($0)/10" } ?? ""])
            .filter { !$0.isEmpty }.joined(separator: " · "), .dim),
      ]
    case .gone(let gone):
      [
        StyledText("\(gone.kind.rawValue):\(gone.id)", .dim), StyledText(gone.name),
        StyledText(
          gone.kind == .show ? "no longer in the show store" : "no longer in the catalog", .dim),
      ]
    }
  }
}

import ShelfCatalog

/// One row of a mixed listing (favourites): the item's own model, which names its `kind`.
enum ItemModel: Encodable, Sendable {
  case toy(ToyModel)
  case story(StoryModel)
  case product(ProductModel)
  case show(ShowModel)

  func encode(to encoder: Encoder) throws {
    switch self {
    case .toy(let model): try model.encode(to: encoder)
    case .story(let model): try model.encode(to: encoder)
    case .product(let model): try model.encode(to: encoder)
    case .show(let model): try model.encode(to: encoder)
    }
  }
}

/// `/favorites`: every saved toy, story, product and show, grouped by kind.
struct FavoritesScreen: Screen {
  let listing: ListingModel<ItemModel>

  init(toys: [ToyModel], stories: [StoryModel], products: [ProductModel], shows: [ShowModel]) {
    listing = ListingModel(
      path: "/favorites",
      rows: toys.map { .toy($0) } + stories.map { .story($0) } + products.map { .product($0) }
        + shows.map { .show($0) })
  }

  func encode(to encoder: Encoder) throws { try listing.encode(to: encoder) }

  var blocks: [Block] {
    var blocks: [Block] = [.text(StyledText("Favorites", .heading))]
    if listing.rows.isEmpty {
      blocks.append(.text(StyledText("No favorites yet: \"fav\" on an item saves it.", .dim)))
    }
    var toys: [[StyledText]] = []
    var stories: [[StyledText]] = []
    var products: [[StyledText]] = []
    var shows: [[StyledText]] = []
    for row in listing.rows {
      switch row {
      case .toy(let toy):
        toys.append([
          StyledText("toy:\(toy.id)", .dim), StyledText(toy.name),
          StyledText("\(toy.category), ages \(toy.ages)", .dim),
        ])
      case .story(let story):
        stories.append([
          StyledText("story:\(story.id)", .dim), StyledText(story.title),
          StyledText("ages \(story.ages), \(story.author)", .dim),
        ])
      case .product(let product):
        products.append([
          StyledText("product:\(product.id)", .dim), StyledText(product.name),
          StyledText(product.price.formatted, .price),
        ])
      case .show(let show):
        shows.append([
          StyledText("show:\(show.id)", .dim), StyledText(show.name),
          StyledText(show.genresText, .dim),
        ])
      }
    }
    for (title, rows) in [
      ("Toys", toys), ("Stories", stories), ("Products", products), ("Shows", shows),
    ]
    where !rows.isEmpty {
      blocks.append(.text(StyledText("\(title) (\(Thousands.grouped(rows.count)))", .bold)))
      blocks.append(
        .table(
          Table(columns: [.init("Ref"), .init("Name", flexible: true), .init("")], rows: rows)))
    }
    return blocks
  }
}

import ShelfDomain
import ShelfSearch

/// A saved item the catalog (or the show store) no longer has, as the favourites list it:
/// the name it was saved with (its kind-qualified id when none was kept).
struct GoneItemRow: Encodable, Sendable {
  let kind: ItemKind
  let id: Int
  let name: String
  let available = false

  private enum CodingKeys: String, CodingKey { case kind, id, name, available }
}

/// One row of a mixed listing (favourites): the item's own row, which names its `kind`.
enum ItemRow: Encodable, Sendable {
  case toy(ToyRow)
  case story(StoryRow)
  case product(ProductRow)
  case show(ShowItemRow)
  case gone(GoneItemRow)

  func encode(to encoder: Encoder) throws {
    switch self {
    case .toy(let item): try item.encode(to: encoder)
    case .story(let item): try item.encode(to: encoder)
    case .product(let item): try item.encode(to: encoder)
    case .show(let item): try item.encode(to: encoder)
    case .gone(let item): try item.encode(to: encoder)
    }
  }

  var kind: ItemKind {
    switch self {
    case .toy: .toy
    case .story: .story
    case .product: .product
    case .show: .show
    case .gone(let item): item.kind
    }
  }
}

extension ItemRow {
  var id: Int {
    switch self {
    case .toy(let item): item.id
    case .story(let item): item.id
    case .product(let item): item.id
    case .show(let item): item.id
    case .gone(let item): item.id
    }
  }

  var name: String {
    switch self {
    case .toy(let item): item.name
    case .story(let item): item.title
    case .product(let item): item.name
    case .show(let item): item.name
    case .gone(let item): item.name
    }
  }

  var price: Money? {
    switch self {
    case .toy(let item): item.price
    case .product(let item): item.price
    default: nil
    }
  }

  var ages: AgeRange? {
    switch self {
    case .toy(let item): item.ageRange
    case .story(let item): item.ageRange
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

extension ItemRow: ListedRow {
  static let list = ListDeclaration<ItemRow>(
    unit: "favorites",
    columns: [
      ListColumn("Ref", keys: ["kind", "id"]) { StyledText("\($0.kind.rawValue):\($0.id)", .dim) },
      ListColumn("Name", keys: ["name"], flexible: true) { StyledText($0.name) },
      ListColumn("", keys: [], flexible: true) { $0.details },
      ListColumn("", keys: ["fits"]) { DetailsLayout.fitsMarker($0.fits) },
    ],
    orders: [
      .by("name") { SearchKey.fold($0.name) }, .by("kind") { $0.kind },
      .descending("rating") { (row: ItemRow) -> Int? in
        guard case .show(let show) = row else { return nil }
        return show.myRating
      }, .by("id") { $0.id },
    ],
    filters: [
      .kind: ListFilters.kind(\.kind), .age: ListFilters.ages(\.ages),
      .price: ListFilters.price(\.price), .fits: { row, _ in row.fits == true },
    ],
    name: \.name)
}

extension ItemRow {
  /// Whether the item fits the child in question: a toy or story by its ages, a show by
  /// TVmaze's genres (nil: no child, or a product).
  var fits: Bool? {
    switch self {
    case .toy(let item): item.fits
    case .story(let item): item.fits
    case .show(let item): item.fits
    default: nil
    }
  }

  /// Whether the item is a favorite (what the ★ beside it says).
  var isFavorite: Bool {
    switch self {
    case .toy(let item): item.favorite
    case .story(let item): item.favorite
    case .product(let item): item.favorite
    case .show(let item): item.favorite
    case .gone: true
    }
  }
}

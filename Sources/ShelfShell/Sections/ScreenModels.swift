import ShelfCatalog

// The data behind each screen, encoded by `--json`. Keys are the model's field names in
// camelCase; amounts are exact decimal strings.

struct SectionRow: Encodable, Sendable {
  let name: String
  let path: String
  let count: Int
}

struct GroupRow: Encodable, Sendable {
  let name: String
  let path: String
  let count: Int
  let lastVisited: Bool
}

struct ToyModel: Encodable, Sendable {
  let kind = "toy"
  let id: Int
  let name: String
  let category: String
  let minAge: Int
  let maxAge: Int
  let price: Money
  let brand: String
  let description: String
  let favorite: Bool
  let inCart: Int

  init(_ toy: Toy, favorite: Bool, inCart: Int) {
    id = toy.id
    name = toy.name
    category = toy.category
    minAge = toy.ages.minimum
    maxAge = toy.ages.maximum
    price = toy.price
    brand = toy.brand
    description = toy.description
    self.favorite = favorite
    self.inCart = inCart
  }
}

struct StoryModel: Encodable, Sendable {
  let kind = "story"
  let id: Int
  /// The title, also under `name` like every other item.
  let name: String
  let title: String
  let minAge: Int
  let maxAge: Int
  let author: String
  let words: Int
  let readingMinutes: Int
  let favorite: Bool

  init(_ story: Story, favorite: Bool) {
    id = story.id
    name = story.title
    title = story.title
    minAge = story.ages.minimum
    maxAge = story.ages.maximum
    author = story.author
    words = story.words
    readingMinutes = story.readingMinutes
    self.favorite = favorite
  }
}

struct ProductModel: Encodable, Sendable {
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

struct ShowModel: Encodable, Sendable {
  let kind = "show"
  let id: Int
  let name: String
  let rating: Double?
  let genres: [String]
  let status: String?
  let premiered: String?
  let ended: String?
  let network: String?
  let schedule: String?
  let runtime: Int?
  let officialSite: String?
  let imdb: String?
  let imdbURL: String?
  let image: String?
  let poster: String?
  let summary: String?
  let favorite: Bool

  init(_ show: Show, favorite: Bool, summaryText: String?) {
    id = show.id
    name = show.name
    rating = show.rating?.average
    genres = show.genres ?? []
    status = show.status
    premiered = show.premiered
    ended = show.ended
    network = show.network?.name ?? show.webChannel?.name
    schedule = ShowFacts.schedule(of: show)
    runtime = show.runtime ?? show.averageRuntime
    officialSite = show.officialSite
    imdb = show.imdbID
    imdbURL = show.imdbURL
    image = show.image?.medium
    poster = show.image?.original
    summary = summaryText
    self.favorite = favorite
  }
}

struct ListingModel<Row: Encodable & Sendable>: Encodable, Sendable {
  let path: String
  let rows: [Row]
}

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

struct CartLineModel: Encodable, Sendable {
  let kind: ItemKind
  let id: Int
  let name: String
  let quantity: Int
  let unitPrice: Money?
  let lineTotal: Money?
}

struct CartModel: Encodable, Sendable {
  let path = "/cart"
  let rows: [CartLineModel]
  /// Items in the cart (the sum of the quantities).
  let itemCount: Int
  let total: Money
}

struct SearchRow: Encodable, Sendable {
  let kind: ItemKind
  let id: Int
  let name: String
  let path: String
}

struct SearchModel: Encodable, Sendable {
  let path: String
  let scope: String
  let query: String
  let minAge: Int?
  let maxAge: Int?
  let rows: [SearchRow]
}

struct MessageModel: Encodable, Sendable {
  let message: String
}

/// Facts about a show phrased for people.
enum ShowFacts {
  static func schedule(of show: Show) -> String? {
    let days = show.schedule?.days ?? []
    let time = show.schedule?.time ?? ""
    if days.isEmpty && time.isEmpty { return nil }
    return ([days.joined(separator: ", ")] + (time.isEmpty ? [] : ["at \(time)"]))
      .filter { !$0.isEmpty }.joined(separator: " ")
  }

  static func years(of show: Show) -> String? {
    guard let premiered = show.premiered else { return nil }
    if let ended = show.ended { return "\(premiered) – \(ended)" }
    return show.status == "Ended" ? premiered : "\(premiered) –"
  }
}

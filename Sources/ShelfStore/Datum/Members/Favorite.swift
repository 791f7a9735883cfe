import ShelfDomain

/// One favourite: the item, the name it had when it was saved (toys, stories, products), or a
/// show's data (kept so that it lists offline).
public struct Favorite: SetMember {
  public var item: ItemID
  public var name: String?
  public var show: Show?

  public init(item: ItemID, name: String? = nil, show: Show? = nil) {
    self.item = item
    self.name = name
    self.show = show
  }

  public var key: ItemID { item }
  public var catalogItem: ItemID? { item }

  public var problem: String? { item.id < 0 ? "\(item) is not an id" : nil }

  /// A show's data is the side's that changed it (an import's: the other side's); a name
  /// kept for listing is the first one known.
  public static func merged(base: Favorite?, ours: Favorite, theirs: Favorite, withBase: Bool)
    -> Favorite
  {
    var favorite = ours
    if theirs.show != nil, !(withBase && theirs.show == base?.show) { favorite.show = theirs.show }
    favorite.name = ours.name ?? theirs.name
    return favorite
  }

  /// The name kept for listing is this directory's own: not a change.
  public func changes(from other: Favorite?) -> Int {
    other?.item == item && other?.show == show ? 0 : 1
  }

  /// A show keeps its saved data (the import brings its own); another item takes its name.
  public func named(_ name: String) -> Favorite {
    var favorite = self
    if item.kind != .show { favorite.name = name }
    return favorite
  }

  public func exported() -> Favorite { Favorite(item: item, show: show) }
}

/// The favourites as an export writes them (as versions 1 and 2 did): ids of toys, stories
/// and products, and each show with its data.
public struct FavoriteSet: MergeableValue {
  public var members: [Favorite]

  public init(members: [Favorite]) {
    self.members = members
  }

  private enum CodingKeys: String, CodingKey { case toys, stories, products, shows }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    members = []
    for (key, kind) in [(CodingKeys.toys, ItemKind.toy), (.stories, .story), (.products, .product)]
    {
      members += try container.decode([Int].self, forKey: key).map {
        Favorite(item: ItemID(kind, $0))
      }
    }
    members += try container.decode([Show].self, forKey: .shows).map {
      Favorite(item: ItemID(.show, $0.id), show: $0)
    }
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    func ids(_ kind: ItemKind) -> [Int] { members.filter { $0.item.kind == kind }.map(\.item.id) }
    try container.encode(ids(.toy), forKey: .toys)
    try container.encode(ids(.story), forKey: .stories)
    try container.encode(ids(.product), forKey: .products)
    try container.encode(
      members.filter { $0.item.kind == .show }.map { $0.show ?? Show(id: $0.item.id, name: "") },
      forKey: .shows)
  }
}

extension FavoritesDocument {
  /// The favourites as one set, kind by kind in the order each was added.
  var favoriteSet: FavoriteSet {
    get {
      var members = toys.map { Favorite(item: ItemID(.toy, $0)) }
      members += stories.map { Favorite(item: ItemID(.story, $0)) }
      members += products.map { Favorite(item: ItemID(.product, $0)) }
      for index in members.indices { members[index].name = names[members[index].item.description] }
      members += shows.map { Favorite(item: ItemID(.show, $0.id), show: $0) }
      return FavoriteSet(members: members)
    }
    set {
      toys = []
      stories = []
      products = []
      shows = []
      names = [:]
      for favorite in newValue.members {
        let item = favorite.item
        switch item.kind {
        case .toy: toys.append(item.id)
        case .story: stories.append(item.id)
        case .product: products.append(item.id)
        case .show: shows.append(favorite.show ?? Show(id: item.id, name: "show \(item.id)"))
        }
        if item.kind != .show, let name = favorite.name { names[item.description] = name }
      }
    }
  }
}

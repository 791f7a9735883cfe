import ShelfDomain
import ShelfSearch
import ShelfStore

/// One person as `/profiles` lists them and `--json` shows them: the name, the birth month
/// and age of a child (null for an adult), whether they are the active profile, and how many
/// favourites, wishes, watched episodes and stories read they have.
struct ProfileRow: Encodable, Sendable {
  let name: String
  let born: String?
  let age: Int?
  let active: Bool
  let favorites: Int
  let wishlist: Int
  let watched: Int
  let storiesRead: Int

  private enum CodingKeys: String, CodingKey {
    case name, born, age, active, favorites, wishlist, watched, storiesRead
  }

  /// Every key is written, null included, so that each row of a listing has the same columns.
  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    if let born {
      try container.encode(born, forKey: .born)
    } else {
      try container.encodeNil(forKey: .born)
    }
    if let age {
      try container.encode(age, forKey: .age)
    } else {
      try container.encodeNil(forKey: .age)
    }
    try container.encode(active, forKey: .active)
    try container.encode(favorites, forKey: .favorites)
    try container.encode(wishlist, forKey: .wishlist)
    try container.encode(watched, forKey: .watched)
    try container.encode(storiesRead, forKey: .storiesRead)
  }

  /// `4 (born 2021-05)`, or `adult`.
  var ageText: String {
    guard let age, let born else { return "adult" }
    return "\(age) (born \(born))"
  }

}

extension ProfileRow: ListedRow {
  static let list = ListDeclaration<ProfileRow>(
    unit: "people",
    columns: [
      ListColumn("Name", keys: ["name"], flexible: true) { StyledText($0.name + "/", .accent) },
      ListColumn("Age", keys: ["age"]) { StyledText($0.age.map(String.init) ?? "adult") },
      ListColumn("Favorites", keys: ["favorites"], .right) {
        StyledText(Thousands.grouped($0.favorites))
      },
      ListColumn("Wishes", keys: ["wishlist"], .right) {
        StyledText(Thousands.grouped($0.wishlist))
      },
      ListColumn("Watched", keys: ["watched"], .right) {
        StyledText(Thousands.grouped($0.watched))
      },
      ListColumn("Read", keys: ["storiesRead"], .right) {
        StyledText(Thousands.grouped($0.storiesRead))
      },
      ListColumn("", keys: ["active"]) {
        $0.active ? StyledText("← active", .accent) : StyledText("")
      },
    ],
    orders: [
      .by("name") { SearchKey.fold($0.name) }, .by("age") { $0.age },
      .descending("favorites") { $0.favorites }, .descending("watched") { $0.watched },
    ],
    name: \.name)
}

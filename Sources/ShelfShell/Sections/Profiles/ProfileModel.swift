import ShelfCatalog
import ShelfStore

/// One person as `/profiles` lists them and `--json` shows them: the name, the birth month
/// and age of a child (null for an adult), whether they are the active profile, and how many
/// favourites, wishes, watched episodes and stories read they have.
struct ProfileModel: Screen {
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

  /// The details screen of `/profiles/NAME`.
  var blocks: [Block] {
    [
      .text(StyledText(name, .heading) + (active ? StyledText("  (active)", .accent) : "")),
      DetailsLayout.fact("Age", ageText),
      DetailsLayout.fact("Favorites", Thousands.grouped(favorites)),
      DetailsLayout.fact("Wish list", "\(Thousands.grouped(wishlist)) — cd wishlist"),
      DetailsLayout.fact("Watched", "\(Thousands.grouped(watched)) episodes"),
      DetailsLayout.fact("Read", "\(Thousands.grouped(storiesRead)) stories"),
    ]
  }
}

/// `/profiles`: each person of the household, the active one marked.
struct ProfilesScreen: Screen {
  let listing: ListingModel<ProfileModel>

  func encode(to encoder: Encoder) throws { try listing.encode(to: encoder) }

  var blocks: [Block] {
    let table = Table(
      columns: [
        .init("Name", flexible: true), .init("Age"), .init("Favorites", .right),
        .init("Wishes", .right), .init("Watched", .right), .init("Read", .right), .init(""),
      ],
      rows: listing.rows.map { row in
        [
          StyledText(row.name + "/", .accent), StyledText(row.age.map(String.init) ?? "adult"),
          StyledText(Thousands.grouped(row.favorites)),
          StyledText(Thousands.grouped(row.wishlist)), StyledText(Thousands.grouped(row.watched)),
          StyledText(Thousands.grouped(row.storiesRead)),
          row.active ? StyledText("← active", .accent) : StyledText(""),
        ]
      })
    return [
      .text(StyledText("Profiles (\(listing.rows.count))", .heading)), .table(table),
      .text(
        StyledText(
          "\"profile use NAME\" switches; \"profile add NAME --born YYYY-MM\" adds a child.", .dim)),
    ]
  }
}

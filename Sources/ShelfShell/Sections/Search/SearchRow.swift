import ShelfDomain

/// One result of `find`: the item as its list's JSON row has it, and where it is.
struct SearchRow: Encodable, Sendable {
  let item: ItemRow
  let path: String
  /// The list the item is in, shown beside it.
  let parentPath: String
  /// A near spelling of a word searched for (a typo match): `~` after its ref (a column of its
  /// own, never cut), JSON `"match": "typo"` (null for the others).
  var typo = false

  private enum CodingKeys: String, CodingKey { case path, match }

  func encode(to encoder: Encoder) throws {
    try item.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(path, forKey: .path)
    if typo {
      try container.encode("typo", forKey: .match)
    } else {
      try container.encodeNil(forKey: .match)
    }
  }

  /// The marker of a near spelling, and its column (after the ref, when a row has it).
  static let typoMarker = "~"
  static let typoColumn = ListColumn<SearchRow>("", keys: ["match"]) {
    $0.typo ? StyledText(typoMarker, .dim) : StyledText("")
  }

  /// The columns of results in `scope`: the section's own (ages and price for toys, rating
  /// for shows), or, where kinds are mixed, the shared ones and the kind.
  static func columns(in scope: Location) -> [ListColumn<SearchRow>] {
    let reference = ListColumn<SearchRow>("Ref", keys: ["kind", "id"]) {
      StyledText("\($0.item.kind.rawValue):\($0.item.id)", .dim)
    }
    let name = ListColumn<SearchRow>("Name", keys: ["name"], flexible: true) {
      StyledText($0.item.name)
    }
    let ages = ListColumn<SearchRow>("Ages", keys: ["minAge", "maxAge"]) {
      StyledText($0.item.ages?.description ?? "")
    }
    let price = ListColumn<SearchRow>("Price", keys: ["price"], .right) {
      StyledText($0.item.price?.formatted ?? "", .price)
    }
    let place = ListColumn<SearchRow>("Where", keys: ["path"], flexible: true) {
      StyledText($0.parentPath, .dim)
    }
    let star = ListColumn<SearchRow>("", keys: ["favorite"]) {
      DetailsLayout.star($0.item.isFavorite)
    }
    let fits = ListColumn<SearchRow>("", keys: ["fits"]) { DetailsLayout.fitsMarker($0.item.fits) }
    let action = ListColumn<SearchRow>("", keys: []) { row in
      guard case .show(let show) = row.item else { return StyledText("") }
      return DetailsLayout.showAction(saved: show.favorite)
    }
    switch scope.sectionRoot {
    case .toys: return [reference, name, ages, price, place, star, fits]
    case .stories: return [reference, name, ages, place, star, fits]
    case .store: return [reference, name, price, place, star]
    case .shows:
      let rating = ListColumn<SearchRow>("Rating", keys: ["rating"], .right) { row in
        guard case .show(let show) = row.item else { return StyledText("") }
        return StyledText(show.ratingText)
      }
      return [reference, name, rating, star, fits, action]
    default:
      let kind = ListColumn<SearchRow>("Kind", keys: ["kind"]) {
        StyledText($0.item.kind.rawValue, .dim)
      }
      return [reference, name, kind, place, star, fits, action]
    }
  }
}

import ShelfDomain
import ShelfSearch

/// The heading of a list: `Dolls (3 of 16 toys, priced 5.00-20.00, by price)`.
enum ListHeading {
  static func text(
    _ title: String, shown: Int, total: Int, all: Int? = nil, unit: String, request: ListRequest
  ) -> String {
    var count = Thousands.grouped(shown)
    let of = all ?? total
    if shown < of { count += " of \(Thousands.grouped(of))" }
    let arranged = phrase(request)
    let counted = "\(count) \(noun(unit, count: of))"
    return "\(title) (\(counted)\(arranged.isEmpty ? "" : ", " + arranged))"
  }

  /// `priced 5.00-20.00, by price, reversed`: what a request did, for a heading (the limit
  /// shows in the count: `3 of 16 toys`).
  static func phrase(_ request: ListRequest) -> String {
    var parts = request.filters.map(\.phrase)
    if let sort = request.sort { parts.append("by \(sort)") }
    if request.reverse { parts.append("reversed") }
    return parts.joined(separator: ", ")
  }

  /// `toys` as the count needs it: `1 toy`, `2 toys`, `1 story`, `1 wish`.
  static func noun(_ plural: String, count: Int) -> String {
    Thousands.noun(plural, count: count)
  }
}

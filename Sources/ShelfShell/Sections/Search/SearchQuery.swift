import ShelfDomain

/// What was searched for, as the results' JSON `search` says it.
struct SearchQuery: Encodable, Sendable {
  let text: String
  var minAge: Int?
  var maxAge: Int?
  var price: String?
  var sort: String?
  var limit: Int?
  var online = false

  init(text: String, online: Bool) {
    self.text = text
    self.online = online
  }

  var kind: String?
  var reverse: Bool?
  var fuzzy: Bool?

  init(_ search: Search) {
    text = search.text
    minAge = search.minimumAge
    maxAge = search.maximumAge
    for filter in search.request.filters {
      if case .price(let prices) = filter { price = prices.description }
      if case .kind(let kind) = filter { self.kind = kind.rawValue }
    }
    sort = search.request.sort
    limit = search.request.limit
    reverse = search.request.reverse ? true : nil
    fuzzy = search.fuzzy ? true : nil
  }
}

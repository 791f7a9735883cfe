import ShelfCatalog
import ShelfDomain

/// What `--sort`, `--reverse`, `--limit` and the filters ask of a list: the same request for
/// every list; each list's declaration says which orders and filters it takes.
public struct ListRequest: Hashable, Sendable {
  /// An order's name (`price`); nil for the list's own order.
  public var sort: String?
  public var reverse = false
  public var limit: Int?
  public var filters: [ListFilter] = []

  public init(
    sort: String? = nil, reverse: Bool = false, limit: Int? = nil, filters: [ListFilter] = []
  ) {
    self.sort = sort
    self.reverse = reverse
    self.limit = limit
    self.filters = filters
  }

  public var isEmpty: Bool { sort == nil && !reverse && limit == nil && filters.isEmpty }

  /// The options that `find`'s catalog search carries out itself (`--sort name|price|age|
  /// relevance`, `--limit`, `--price`).
  var catalogOptions: ListOptions {
    var options = ListOptions(
      sort: sort.flatMap(CatalogSort.init(rawValue:)), limit: limit, price: nil)
    for case .price(let prices) in filters { options.price = prices }
    return options
  }

  var ages: AgeRange? {
    for case .age(let ages) in filters { return ages }
    return nil
  }
}

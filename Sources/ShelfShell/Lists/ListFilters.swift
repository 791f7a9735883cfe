import ShelfDomain
import ShelfSearch

/// The filters as most lists read them, from a row's fields.
enum ListFilters {
  static func ages<Row>(_ ages: @escaping @Sendable (Row) -> AgeRange?)
    -> @Sendable (Row, ListFilter) -> Bool
  {
    { row, filter in
      switch filter {
      case .age(let wanted): return ages(row).map { $0.overlaps(wanted) } ?? false
      case .fits(_, let age):
        return ages(row).map { $0.minimum <= age && age <= $0.maximum } ?? false
      default: return true
      }
    }
  }

  static func price<Row>(_ price: @escaping @Sendable (Row) -> Money?)
    -> @Sendable (Row, ListFilter) -> Bool
  {
    { row, filter in
      guard case .price(let window) = filter else { return true }
      return price(row).map(window.contains) ?? false
    }
  }

  static func kind<Row>(_ kind: @escaping @Sendable (Row) -> ItemKind)
    -> @Sendable (Row, ListFilter) -> Bool
  {
    { row, filter in
      guard case .kind(let wanted) = filter else { return true }
      return kind(row) == wanted
    }
  }
}

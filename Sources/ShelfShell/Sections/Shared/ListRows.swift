import ShelfSearch

/// The rows of a list screen: an array, or made one at a time when read (100,000 toys are
/// never all made at once). (A screen is read from one thread at a time: the session's.)
struct ListRows<Row: Encodable & Sendable>: RandomAccessCollection, Encodable,
  @unchecked Sendable
{
  let endIndex: Int
  private let make: (Int) -> Row

  init(_ rows: [Row]) {
    endIndex = rows.count
    make = { rows[$0] }
  }

  init(count: Int, row: @escaping (Int) -> Row) {
    endIndex = count
    make = row
  }

  var startIndex: Int { 0 }
  subscript(position: Int) -> Row { make(position) }

  func encode(to encoder: Encoder) throws {
    var container = encoder.unkeyedContainer()
    for row in self { try container.encode(row) }
  }
}

/// A long list's plain table written straight from its source (the catalog's columns): the
/// widest cell of every column, known before the first row, and the rows' plain cells in the
/// order of the list's columns, each exactly as the column's cell prints without colours.
struct PlainListRows: Sendable {
  /// Lists longer than this are streamed; shorter ones are laid out whole, as always.
  static let streamedFrom = 500

  let widths: [Int?]
  let source: @Sendable () -> PlainRowSource
}

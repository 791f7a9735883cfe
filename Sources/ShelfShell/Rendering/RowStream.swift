import ShelfDomain

/// A table whose rows are made as they are printed, for listings too long to hold at once
/// (85,000 shows): the rows come from an iterator that reads its source a page at a time, and
/// the column widths are measured on the first `sampleSize` rows only.
public final class RowStream: @unchecked Sendable {
  public let columns: [Table.Column]
  /// How many rows it has (for the pager's decision, before any is made).
  public let count: Int
  /// The widest cell of each column over every row, where the source knows it (the store's
  /// largest id, its longest name): the table is laid out in these before its first row, so a
  /// later row never pushes a column. Other columns are measured on the first rows.
  public let widths: [Int?]
  let sampleSize: Int
  private let makeRows: () -> AnyIterator<[StyledText]>
  /// The same rows as plain cells written straight from their source, when the source can
  /// (see `PlainRow`); with every column's width known, a table without colours is printed
  /// from these.
  let plainRows: (() -> PlainRowSource)?

  public convenience init(
    columns: [Table.Column], count: Int, widths: [Int?] = [], sampleSize: Int = 500,
    rows: @escaping () -> AnyIterator<[StyledText]>
  ) {
    self.init(
      columns: columns, count: count, widths: widths, sampleSize: sampleSize, rows: rows,
      plainRows: nil)
  }

  init(
    columns: [Table.Column], count: Int, widths: [Int?], sampleSize: Int = 500,
    rows: @escaping () -> AnyIterator<[StyledText]>, plainRows: (() -> PlainRowSource)?
  ) {
    self.columns = columns
    self.count = count
    self.widths = widths
    self.sampleSize = sampleSize
    makeRows = rows
    self.plainRows = plainRows
  }

  /// A new pass over the rows, from the first.
  func rows() -> AnyIterator<[StyledText]> { makeRows() }

  /// The plain rows' source when the table can be printed from it: no colours (the cells
  /// carry no style) and every column's widest cell known, so that no row is measured first.
  func plainSource(for style: TerminalStyle) -> PlainRowSource? {
    guard !style.colors, let plainRows, widths.count == columns.count,
      widths.allSatisfy({ $0 != nil })
    else { return nil }
    return plainRows()
  }
}

/// Writes the next row's cells into a `PlainRow`; false when there are no more rows.
typealias PlainRowSource = (inout PlainRow) -> Bool

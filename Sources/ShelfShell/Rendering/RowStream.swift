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

  public init(
    columns: [Table.Column], count: Int, widths: [Int?] = [], sampleSize: Int = 500,
    rows: @escaping () -> AnyIterator<[StyledText]>
  ) {
    self.columns = columns
    self.count = count
    self.widths = widths
    self.sampleSize = sampleSize
    makeRows = rows
  }

  /// A new pass over the rows, from the first.
  func rows() -> AnyIterator<[StyledText]> { makeRows() }
}

/// A screen whose `--json` document is written a piece at a time, because its rows are too
/// many to hold as one encoded tree.
public protocol StreamedJSONScreen: Screen {
  /// Writes the document: `write` takes each piece of JSON text, `encode` makes the JSON of
  /// one value (a row) with the program's one configuration.
  func writeJSON(_ write: (String) -> Void, encode: (any Encodable) throws -> String) throws
}

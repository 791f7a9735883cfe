import ShelfDomain
import ShelfSearch

/// A column of a list's table: its header, the keys of the JSON row it shows (the columns of
/// CSV, TSV and Markdown, in the table's order), alignment, whether it gives way on a narrow
/// terminal (names do; ids never), and the cell of a row.
struct ListColumn<Row>: Sendable {
  let title: String
  let keys: [String]
  let alignment: Table.Alignment
  let flexible: Bool
  let cell: @Sendable (Row) -> StyledText

  init(
    _ title: String, keys: [String], _ alignment: Table.Alignment = .left, flexible: Bool = false,
    cell: @escaping @Sendable (Row) -> StyledText
  ) {
    self.title = title
    self.keys = keys
    self.alignment = alignment
    self.flexible = flexible
    self.cell = cell
  }

  /// The column as a table lays it out.
  var tableColumn: Table.Column {
    Table.Column(title, alignment, flexible: flexible, keys: keys)
  }
}

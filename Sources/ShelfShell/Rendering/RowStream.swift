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

/// One row's cells as the plain table prints them, written as UTF-8 bytes straight from the
/// list's source (the catalog's columns, the store's rows) instead of a `StyledText` per cell:
/// the text of each cell exactly as its column's `StyledText` would print without colours.
/// `TableLayout` lays out cells of printable ASCII as they are and any other through the same
/// path as a `StyledText` (sanitised, measured, cut), so both print the same.
struct PlainRow {
  private(set) var bytes: [UInt8] = []
  private(set) var ends: [Int] = []
  /// Each cell's display width when its writer knows it (a cell of safe text, such as `★`),
  /// else -1: the layout measures it.
  private(set) var knownWidths: [Int] = []

  init() {
    bytes.reserveCapacity(256)
    ends.reserveCapacity(8)
    knownWidths.reserveCapacity(8)
  }

  var cellCount: Int { ends.count }

  /// The bytes of cell `index`.
  func cell(_ index: Int) -> Range<Int> {
    (index == 0 ? 0 : ends[index - 1])..<ends[index]
  }

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    knownWidths.removeAll(keepingCapacity: true)
  }

  /// Ends the cell being written.
  mutating func endCell() {
    ends.append(bytes.count)
    knownWidths.append(-1)
  }

  /// Ends the cell being written, whose text is known to be safe and `width` columns wide
  /// (text the program itself writes, never text of the catalog or the network).
  mutating func endCell(width: Int) {
    ends.append(bytes.count)
    knownWidths.append(width)
  }

  mutating func append(_ text: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: text) }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  mutating func append(byte: UInt8) { bytes.append(byte) }

  /// `value` in decimal, as `String(value)` writes it.
  mutating func append(decimal value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    appendDigits(value.magnitude, grouped: false)
  }

  /// An amount as `Money.formatted` writes it: `$1,234.05`.
  mutating func append(money: Money) {
    let cents = money.cents
    if cents < 0 { bytes.append(UInt8(ascii: "-")) }
    bytes.append(UInt8(ascii: "$"))
    appendDigits(UInt(cents.magnitude / 100), grouped: true)
    appendFraction(Int(cents.magnitude % 100))
  }

  /// The digits of `value`, with a comma between thousands when `grouped`.
  private mutating func appendDigits(_ value: UInt, grouped: Bool) {
    var digits = 1
    var rest = value / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    let length = grouped ? digits + (digits - 1) / 3 : digits
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: length))
    bytes.withUnsafeMutableBufferPointer { buffer in
      var at = start + length - 1
      var rest = value
      var written = 0
      repeat {
        if grouped, written > 0, written % 3 == 0 {
          buffer[at] = UInt8(ascii: ",")
          at -= 1
        }
        buffer[at] = UInt8(ascii: "0") + UInt8(rest % 10)
        at -= 1
        rest /= 10
        written += 1
      } while rest > 0
    }
  }

  private mutating func appendFraction(_ fraction: Int) {
    bytes.append(UInt8(ascii: "."))
    bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
    bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
  }
}

/// A screen whose `--json` document is written a piece at a time, because its rows are too
/// many to hold as one encoded tree.
public protocol StreamedJSONScreen: Screen {
  /// Writes the document: `write` takes each piece of JSON text, `encode` makes the JSON of
  /// one value (a row) with the program's one configuration.
  func writeJSON(_ write: (String) -> Void, encode: (any Encodable) throws -> String) throws
}

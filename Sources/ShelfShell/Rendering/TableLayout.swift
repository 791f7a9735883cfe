import ShelfTerminal

/// The column widths of a table and how its rows are laid out in them: the widest cell of each
/// column (of the rows it was measured on), flexible columns shortened with an ellipsis to fit
/// the width, two spaces between columns. A streamed table is measured on its first rows and
/// later rows are laid out in the same widths.
struct TableLayout {
  typealias Cell = (text: StyledText, plain: String, width: Int)

  let table: Table
  let renderer: TextRenderer
  private let widths: [Int]
  private let rightAligned: [Bool]
  private let cells: [[Cell]]
  private static let gap = "  "

  /// `known`: the widest cell of a column over rows not in `table` (a stream's later rows).
  init(table: Table, renderer: TextRenderer, known: [Int?] = []) {
    self.table = table
    self.renderer = renderer
    let hasHeader = Self.hasHeader(table, renderer.style)
    // Sanitize and measure every cell once.
    let cells = table.rows.map(Self.measure)
    self.cells = cells
    var widths = table.columns.indices.map { column in
      max(
        hasHeader ? DisplayWidth.of(table.columns[column].title) : 0,
        cells.map { column < $0.count ? $0[column].width : 0 }.max() ?? 0,
        // A cell longer than the field limit is printed cut, so no wider than this.
        column < known.count ? min(known[column] ?? 0, 2 * FieldLimit.characters + 1) : 0)
    }
    let total = { widths.reduce(0, +) + Self.gap.count * max(0, widths.count - 1) }
    let flexible = table.columns.indices.filter { table.columns[$0].flexible }
    let width = renderer.style.width
    while total() > width, let widest = flexible.max(by: { widths[$0] < widths[$1] }),
      widths[widest] > 6
    {
      widths[widest] -= min(total() - width, widths[widest] - 6)
    }
    self.widths = widths
    rightAligned = table.columns.map { $0.alignment == .right }
  }

  /// The header (when the columns have titles) and the rows it was measured on.
  func lines() -> [String] {
    var lines: [String] = []
    lines.reserveCapacity(cells.count + 1)
    if Self.hasHeader(table, renderer.style) {
      let header = table.columns.indices.map { column -> String in
        let title = table.columns[column].title
        return cell((StyledText(title, .dim), title, DisplayWidth.of(title)), column)
      }
      lines.append(renderer.trimTrailing(header.joined(separator: Self.gap)))
    }
    for row in cells { lines.append(line(for: row)) }
    return lines
  }

  /// Whether the table prints a header row: its columns have titles, and headers are on.
  private static func hasHeader(_ table: Table, _ style: TerminalStyle) -> Bool {
    style.headers && table.columns.contains { !$0.title.isEmpty }
  }

  /// One more row in these widths.
  func line(for row: [StyledText]) -> String {
    line(for: Self.measure(row))
  }

  private func line(for row: [Cell]) -> String {
    var line = ""
    for column in table.columns.indices {
      if column > 0 { line += Self.gap }
      line += cell(column < row.count ? row[column] : (StyledText(""), "", 0), column)
    }
    return renderer.trimTrailing(line)
  }

  /// How wide `text` is once printed in a cell (sanitised, cut at the field limit).
  static func width(of text: String) -> Int {
    measure([StyledText(text)])[0].width
  }

  /// How wide the UTF-8 text `bytes` is once printed in a cell: its length for printable
  /// ASCII, else as `width(of:)` measures it.
  static func width(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard bytes.count <= FieldLimit.characters, isPrintableASCII(bytes) else {
      return width(of: String(decoding: bytes, as: UTF8.self))
    }
    return bytes.count
  }

  /// Appends the line of a row of plain cells, and its line break, to `output`: the same
  /// line as `line(for:)` makes of the same cells without colours. Cells of printable ASCII
  /// that fit are copied as they are; any other cell goes the way of a `StyledText`.
  func appendLine(_ row: PlainRow, to output: inout [UInt8]) {
    let lineStart = output.count
    let last = widths.count - 1
    let cutsWide = renderer.style.width < TerminalStyle.unbounded
    row.bytes.withUnsafeBufferPointer { bytes in
      for column in 0...last {
        if column > 0 {
          output.append(UInt8(ascii: " "))
          output.append(UInt8(ascii: " "))
        }
        let text =
          column < row.cellCount
          ? UnsafeBufferPointer(rebasing: bytes[row.cell(column)])
          : UnsafeBufferPointer(start: nil, count: 0)
        let width = widths[column]
        let known = column < row.cellCount ? row.knownWidths[column] : 0
        let used = known >= 0 ? known : text.count
        guard !cutsWide || used <= width,
          known >= 0 || (text.count <= FieldLimit.characters && Self.isPrintableASCII(text))
        else {
          let plain = String(decoding: text, as: UTF8.self)
          var rendered = cell(Self.measure([StyledText(plain)])[0], column)
          rendered.withUTF8 { output.append(contentsOf: $0) }
          continue
        }
        let padding = max(0, width - used)
        if rightAligned[column] {
          output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
          output.append(contentsOf: text)
        } else {
          output.append(contentsOf: text)
          if column < last {
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
          }
        }
      }
    }
    while output.count > lineStart, output[output.count - 1] == UInt8(ascii: " ") {
      output.removeLast()
    }
    output.append(UInt8(ascii: "\n"))
  }

  private static func isPrintableASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in text where byte < 0x20 || byte > 0x7E { return false }
    return true
  }

  private static func measure(_ row: [StyledText]) -> [Cell] {
    row.map { text -> Cell in
      let plain = TerminalText.sanitize(text.plainText)
      guard plain.utf8.count <= FieldLimit.characters else {
        let cut = FieldLimit.cut(plain)
        return (StyledText(cut, text.spans.first?.style ?? .plain), cut, DisplayWidth.of(cut))
      }
      return (text, plain, DisplayWidth.of(plain))
    }
  }

  private func cell(_ content: Cell, _ column: Int) -> String {
    let width = widths[column]
    var rendered: String
    var used = content.width
    // Off a terminal nothing is cut: a later row of a streamed table wider than its first
    // rows pushes the columns after it instead.
    if content.width > width, renderer.style.width < TerminalStyle.unbounded {
      let cut = DisplayWidth.truncate(content.plain, to: width)
      rendered = renderer.render(Span(cut, content.text.spans.first?.style ?? .plain))
      used = DisplayWidth.of(cut)
    } else {
      rendered = renderer.render(content.text)
    }
    let padding = String(repeating: " ", count: max(0, width - used))
    if table.columns[column].alignment == .right {
      rendered = padding + rendered
    } else if column < table.columns.count - 1 {
      rendered += padding
    }
    return rendered
  }
}

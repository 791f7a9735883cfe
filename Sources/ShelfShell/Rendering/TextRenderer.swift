import Foundation
import ShelfImages
import ShelfTerminal

/// Renders a report as text: styled with ANSI escapes on a colour terminal, plain otherwise.
/// Every span is sanitized here, the one place text reaches the terminal.
public struct TextRenderer {
  public let style: TerminalStyle

  public init(style: TerminalStyle) {
    self.style = style
  }

  public func render(_ report: Report) -> String {
    report.document ?? render(blocks(of: report))
  }

  /// What is printed of `report`: every block, or with headers off a list's tables alone.
  private func blocks(of report: Report) -> [Block] {
    style.headers ? report.blocks : report.listBlocks ?? report.blocks
  }

  public func render(_ blocks: [Block]) -> String {
    var output = ""
    render(blocks) {
      output += $0
      return true
    }
    return output
  }

  /// Renders `report` a piece at a time into `write` (a streamed table never whole in memory);
  /// `write` returns false when the reader went away (the pager quit), which stops the rows.
  public func render(_ report: Report, into write: (String) -> Bool) {
    if let document = report.document {
      _ = write(document)
      return
    }
    render(blocks(of: report), into: write)
  }

  /// How many lines `report` prints at least: the pager's decision before a streamed table is
  /// made.
  public static func estimatedLines(_ report: Report) -> Int {
    report.blocks.reduce(0) { total, block in
      switch block {
      case .stream(let stream): total + stream.count + 1
      case .table(let table): total + table.rows.count + 1
      case .figures(_, let pictures):
        total + 1 + pictures.reduce(0) { $0 + max(1, $1.maxColumns * 3 / 4) }
      default: total + 1
      }
    }
  }

  @discardableResult
  private func render(_ blocks: [Block], into write: (String) -> Bool) -> Bool {
    for block in blocks {
      var lines: [String] = []
      switch block {
      case .text(let text): lines.append(render(text))
      case .paragraph(let text): lines += wrap(text, width: min(style.width, 100))
      case .table(let table): lines += render(table)
      case .stream(let stream):
        guard render(stream, into: write) else { return false }
      case .image(let source): lines += render(source)
      case .figures(let table, let pictures): lines += figures(table, pictures: pictures)
      case .blank: lines.append("")
      case .verbatim(let text):
        lines += text.split(separator: "\n", omittingEmptySubsequences: false).map {
          TerminalText.sanitize(String($0))
        }
      }
      guard lines.isEmpty || write(Self.joined(lines)) else { return false }
    }
    return true
  }

  private static func joined(_ lines: [String]) -> String {
    var output = ""
    output.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
    for line in lines {
      output += line
      output += "\n"
    }
    return output
  }

  /// A streamed table: widths from the first rows, then every row in pieces of a few hundred.
  private func render(_ stream: RowStream, into write: (String) -> Bool) -> Bool {
    if let plain = stream.plainSource(for: style) { return render(stream, plain, into: write) }
    let rows = stream.rows()
    var sample: [[StyledText]] = []
    while sample.count < stream.sampleSize, let row = rows.next() { sample.append(row) }
    let layout = TableLayout(
      table: Table(columns: stream.columns, rows: sample), renderer: self, known: stream.widths)
    guard write(Self.joined(layout.lines())) else { return false }
    var chunk: [String] = []
    while let row = rows.next() {
      chunk.append(layout.line(for: row))
      if chunk.count == 256 {
        guard write(Self.joined(chunk)) else { return false }
        chunk.removeAll(keepingCapacity: true)
      }
    }
    return chunk.isEmpty || write(Self.joined(chunk))
  }

  /// A streamed table without colours whose widths are all known: laid out before its first
  /// row, each row written from its plain cells into bytes, 64 KiB at a time.
  private func render(
    _ stream: RowStream, _ next: PlainRowSource, into write: (String) -> Bool
  ) -> Bool {
    let layout = TableLayout(
      table: Table(columns: stream.columns, rows: []), renderer: self, known: stream.widths)
    guard write(Self.joined(layout.lines())) else { return false }
    var row = PlainRow()
    var output: [UInt8] = []
    output.reserveCapacity(1 << 16 + 4096)
    while next(&row) {
      layout.appendLine(row, to: &output)
      row.removeAll()
      if output.count >= 1 << 16 {
        guard write(String(decoding: output, as: UTF8.self)) else { return false }
        output.removeAll(keepingCapacity: true)
      }
    }
    return output.isEmpty || write(String(decoding: output, as: UTF8.self))
  }

  public func render(_ text: StyledText) -> String {
    text.spans.map(render).joined()
  }

  func render(_ span: Span) -> String {
    var text = FieldLimit.cut(TerminalText.sanitize(span.text))
    // The seed's Favorite and Delete action labels are buttons at a colour terminal only;
    // elsewhere the ★ beside a saved item says it.
    if !style.colors, span.style == .saveAction || span.style == .deleteAction {
      text = ""
    }
    guard style.colors, !text.isEmpty else { return text }
    return EscapeSequence.styled(text, span.style.attributes)
  }

  static func plainMarker(for style: TextStyle) -> String? {
    switch style {
    case .emphasis: "_"
    case .strong: "*"
    default: nil
    }
  }

  private func render(_ table: Table) -> [String] {
    TableLayout(table: table, renderer: self).lines()
  }

  func trimTrailing(_ line: String) -> String {
    guard line.utf8.last == UInt8(ascii: " ") else { return line }
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }

  /// Word-wraps styled text to `width` columns. Without colours, emphasis is marked `_so_`
  /// and strong emphasis `*so*`.
  private func wrap(_ text: StyledText, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    var used = 0
    for var span in text.spans {
      if !style.colors, let marker = Self.plainMarker(for: span.style) {
        let trimmed = span.text.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty {
          span.text = span.text.replacingOccurrences(of: trimmed, with: marker + trimmed + marker)
        }
      }
      let words = TerminalText.sanitize(span.text).split(
        separator: " ", omittingEmptySubsequences: false)
      for (index, word) in words.enumerated() {
        if index > 0 {
          if used > 0 && used < width {
            line += " "
            used += 1
          }
        }
        guard !word.isEmpty else { continue }
        let size = DisplayWidth.of(String(word))
        if used > 0 && used + size > width {
          lines.append(trimTrailing(line))
          line = ""
          used = 0
        }
        line += render(Span(String(word), span.style))
        used += size
      }
    }
    if !line.isEmpty { lines.append(trimTrailing(line)) }
    return lines
  }

  private func render(_ source: ImageSource) -> [String] {
    drawn(source) ?? [render(StyledText(source.fallback, .dim))]
  }

  /// The picture's lines when it can be drawn here.
  private func drawn(_ source: ImageSource) -> [String]? {
    guard let palette = style.imagePalette, let file = source.file else { return nil }
    let columns = max(4, min(source.maxColumns, style.width))
    return try? TerminalImage.lines(
      for: file, maxColumns: columns, maxRows: max(2, columns * 3 / 4), palette: palette)
  }

  /// Each row of the table beside its picture: the header and the rows in the columns left
  /// after the pictures' width, a picture that cannot be drawn left blank with its fallback
  /// (its URL) under the row.
  private func figures(_ table: Table, pictures: [ImageSource]) -> [String] {
    guard style.imagePalette != nil else { return render(table) }
    let gutter = pictures.map { max(4, min($0.maxColumns, style.width)) }.max() ?? 0
    var narrower = style
    narrower.width = max(20, style.width - gutter - 2)
    let rowLines = TableLayout(table: table, renderer: TextRenderer(style: narrower)).lines()
    let blank = String(repeating: " ", count: gutter)
    let hasHeader = rowLines.count > table.rows.count
    var lines = hasHeader ? [trimTrailing(blank + "  " + rowLines[0])] : []
    for (index, line) in rowLines.dropFirst(hasHeader ? 1 : 0).enumerated() {
      let source = index < pictures.count ? pictures[index] : nil
      let picture = source.flatMap(drawn) ?? []
      var beside = [line]
      if picture.isEmpty, let source { beside.append(render(StyledText(source.fallback, .dim))) }
      for row in 0..<max(picture.count, beside.count) {
        var left = blank
        if row < picture.count {
          left = picture[row]
          let width = DisplayWidth.of(TerminalText.sanitize(left))
          if width < gutter { left += String(repeating: " ", count: gutter - width) }
        }
        lines.append(trimTrailing(left + "  " + (row < beside.count ? beside[row] : "")))
      }
    }
    return lines
  }
}

import Foundation

/// `--columns a,b,c`: the keys of a listing's JSON rows to write, in that order, in any format.
/// Checked against the rows (a key none of them has is an error naming the ones they have);
/// in the table format the rows are laid out in those columns, headed by the keys.
struct ColumnChoice {
  let keys: [String]
  let command: String

  /// The report to write: checked, and as a table of the chosen keys when the format is one.
  func apply(to report: Report, format: OutputFormat) throws -> Report {
    guard let rows = Self.rows(of: report) else {
      throw ShellError.usage(
        command: command, message: "--columns works on lists; this shows no rows")
    }
    let known = Set(rows.flatMap(\.keys))
    if !rows.isEmpty, let unknown = keys.first(where: { !known.contains($0) }) {
      throw ShellError.badValue(
        command: command, name: "--columns",
        accepts: "keys of these rows: " + WordList.or(Self.ordered(known, report)),
        value: unknown)
    }
    guard format == .table else { return report }
    let table = Table(
      columns: keys.map { Table.Column($0, keys: [$0]) },
      rows: rows.map { row in keys.map { StyledText(RowFormatRenderer.cell(row[$0])) } })
    let heading = report.blocks.first { block in
      if case .text = block { return true }
      return false
    }
    return Report(
      ColumnTableScreen(base: report.screen, blocks: [heading, .table(table)].compactMap { $0 }))
  }

  /// The JSON rows of a listing (nil for another screen).
  private static func rows(of report: Report) -> [[String: Any]]? {
    guard let text = JSONRenderer().render(report),
      let document = try? JSONSerialization.jsonObject(with: Data(text.utf8))
    else { return nil }
    if let rows = document as? [[String: Any]] { return rows }
    return (document as? [String: Any])?["rows"] as? [[String: Any]]
  }

  /// The keys the rows have: the table's first, in its order, then the rest by name.
  private static func ordered(_ known: Set<String>, _ report: Report) -> [String] {
    let shown = (report.tableKeys ?? []).filter(known.contains)
    return shown + known.subtracting(shown).sorted()
  }
}

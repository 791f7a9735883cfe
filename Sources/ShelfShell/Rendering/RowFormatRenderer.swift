import Foundation
import ShelfDomain
import ShelfTerminal

/// Writes a report as CSV (RFC 4180), TSV or a Markdown pipe table, from the same document
/// `--json` prints: a listing's `rows` (or a document that is a list of objects) becomes one
/// line per row under a header of JSON keys: those of the table's columns in its order (or the
/// ones `--columns` chose), else every key; any other screen (details, a message) becomes
/// `key`/`value` lines. A value that is a list or an object is written as compact JSON; null
/// is empty. Text is sanitised (no escape sequence ever) before the format's own escaping.
/// With `headers` off no header line is written.
public struct RowFormatRenderer {
  public let format: OutputFormat
  public let headers: Bool
  /// The keys `--columns` chose, in its order.
  public let columns: [String]?

  public init(format: OutputFormat, headers: Bool = true, columns: [String]? = nil) {
    self.format = format
    self.headers = headers
    self.columns = columns
  }

  public func render(_ report: Report) -> String {
    var output = ""
    render(report) { output += $0 }
    return output
  }

  /// Writes `report` a piece at a time: a streamed listing (85,000 shows) row by row.
  public func render(_ report: Report, into write: (String) -> Void) {
    if let document = report.document {
      write(document)
      return
    }
    withoutActuallyEscaping(write) { write in
      renderRows(report, write: write)
    }
  }

  private func renderRows(_ report: Report, write: @escaping (String) -> Void) {
    let listKeys = columns ?? report.tableKeys
    if let streamed = report.screen as? any StreamedJSONScreen {
      var writer = TableWriter(format: format, headers: headers, keys: listKeys, write: write)
      let encoder = JSONCoding.encoder()
      try? streamed.writeJSON({ _ in }) { value in
        let data = try encoder.encode(EncodableValue(value))
        if let row = try JSONSerialization.jsonObject(with: data) as? [String: Any] {
          writer.row(row)
        }
        return ""
      }
      writer.finish()
      return
    }
    guard let text = JSONRenderer().render(report),
      let document = try? JSONSerialization.jsonObject(with: Data(text.utf8))
    else { return }
    if let rows = Self.rows(of: document) {
      // A column no row has a value for (`fits` with no child active) is left out; without
      // declared columns, mixed rows have a header of every key.
      let keys =
        columns ?? report.tableKeys.map { keys in
          rows.isEmpty ? keys : keys.filter { key in rows.contains { $0[key] != nil } }
        } ?? Set(rows.flatMap(\.keys)).sorted()
      var writer = TableWriter(format: format, headers: headers, keys: keys, write: write)
      for row in rows { writer.row(row) }
      writer.finish()
    } else if let object = document as? [String: Any] {
      var writer = TableWriter(
        format: format, headers: headers, keys: ["key", "value"], write: write)
      for key in object.keys.sorted() {
        writer.row(["key": key, "value": object[key] ?? NSNull()])
      }
      writer.finish()
    } else {
      var writer = TableWriter(format: format, headers: headers, keys: ["value"], write: write)
      writer.row(["value": document])
      writer.finish()
    }
  }

  /// The rows of a listing: its `rows`, or the document itself when it is a list of objects.
  private static func rows(of document: Any) -> [[String: Any]]? {
    if let list = document as? [[String: Any]] { return list }
    return (document as? [String: Any])?["rows"] as? [[String: Any]]
  }

  /// A cell's text: strings as they are, numbers and booleans as JSON writes them, lists and
  /// objects as compact JSON, null as nothing.
  public static func cell(_ value: Any?) -> String {
    switch value {
    case nil, is NSNull: return ""
    case let text as String: return TerminalText.sanitize(text, keepingLayout: true)
    case let number as NSNumber:
      // JSON's true and false come back as numbers of the C type char.
      if String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
      return number.stringValue
    case let value?:
      guard JSONSerialization.isValidJSONObject(value),
        let data = try? JSONSerialization.data(
          withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])
      else { return "" }
      return TerminalText.sanitize(String(decoding: data, as: UTF8.self), keepingLayout: true)
    }
  }
}

/// Lines of one format: the header (unless headers are off) of the keys given, else of the
/// first row's keys, then each row.
private struct TableWriter {
  let format: OutputFormat
  let headers: Bool
  let write: (String) -> Void
  private var keys: [String]?
  private var started = false

  init(format: OutputFormat, headers: Bool, keys: [String]?, write: @escaping (String) -> Void) {
    self.format = format
    self.headers = headers
    self.keys = keys
    self.write = write
  }

  mutating func row(_ row: [String: Any]) {
    start(keys: row.keys.sorted())
    write(line((keys ?? []).map { RowFormatRenderer.cell(row[$0]) }))
  }

  /// Writes the header of a list without rows, when its keys are known.
  mutating func finish() {
    if keys != nil { start(keys: []) }
  }

  private mutating func start(keys found: [String]) {
    guard !started else { return }
    started = true
    let keys = self.keys ?? found
    self.keys = keys
    guard headers else { return }
    write(line(keys))
    if format == .markdown { write(line(keys.map { _ in "---" }, escaping: false)) }
  }

  private func line(_ cells: [String], escaping: Bool = true) -> String {
    switch format {
    case .csv:
      return cells.map(Self.csv).joined(separator: ",") + "\r\n"
    case .tsv:
      return cells.map(Self.tsv).joined(separator: "\t") + "\n"
    default:
      let shown = escaping ? cells.map(Self.markdown) : cells
      return "| " + shown.joined(separator: " | ") + " |\n"
    }
  }

  /// RFC 4180: a field with a comma, a quote or a line break is quoted, quotes doubled.
  private static func csv(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return text
    }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// Tab, line break and backslash written as `\t`, `\n` and `\\`.
  private static func tsv(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\": result += "\\\\"
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      default: result.append(character)
      }
    }
    return result
  }

  /// `|` escaped, a line break as a space (a row is one line), an empty cell kept open.
  private static func markdown(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|")
      .replacingOccurrences(of: "\n", with: " ")
  }
}

/// Any encodable value, for the one encoder.
private struct EncodableValue: Encodable {
  let value: any Encodable

  init(_ value: any Encodable) {
    self.value = value
  }

  func encode(to encoder: Encoder) throws { try value.encode(to: encoder) }
}

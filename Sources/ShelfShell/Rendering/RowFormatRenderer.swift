import Foundation
import ShelfDomain
import ShelfTerminal

/// Writes a report as CSV (RFC 4180), TSV or a Markdown pipe table, from the same document
/// `--json` prints: a listing's `rows` (or a document that is a list of objects) becomes one
/// line per row under a header of the JSON keys; any other screen (details, a message) becomes
/// `key`/`value` lines. A value that is a list or an object is written as compact JSON; null
/// is empty. Text is sanitised (no escape sequence ever) before the format's own escaping.
public struct RowFormatRenderer {
  public let format: OutputFormat

  public init(format: OutputFormat) {
    self.format = format
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
      render(report, writer: TableWriter(format: format, write: write))
    }
  }

  private func render(_ report: Report, writer: TableWriter) {
    var writer = writer
    if let streamed = report.screen as? any StreamedJSONScreen {
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
      // Mixed rows (find from /: toys, stories, shows) have a header of every key.
      let keys = Set(rows.flatMap(\.keys)).sorted()
      for row in rows { writer.row(row, keys: keys) }
    } else if let object = document as? [String: Any] {
      for key in object.keys.sorted() {
        writer.row(["key": key, "value": object[key] ?? NSNull()], keys: ["key", "value"])
      }
    } else {
      writer.row(["value": document], keys: ["value"])
    }
    writer.finish()
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

/// Lines of one format: the header from the first row's keys, then each row.
private struct TableWriter {
  let format: OutputFormat
  let write: (String) -> Void
  private var keys: [String]?

  init(format: OutputFormat, write: @escaping (String) -> Void) {
    self.format = format
    self.write = write
  }

  mutating func row(_ row: [String: Any], keys given: [String]? = nil) {
    if keys == nil {
      let keys = given ?? row.keys.sorted()
      self.keys = keys
      write(line(keys))
      if format == .markdown { write(line(keys.map { _ in "---" }, escaping: false)) }
    }
    write(line((keys ?? []).map { RowFormatRenderer.cell(row[$0]) }))
  }

  func finish() {}

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

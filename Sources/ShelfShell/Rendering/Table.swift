import Foundation

/// A table: column headers, rows of styled cells, and which column may be shortened to fit.
public struct Table: Sendable {
  public enum Alignment: Sendable { case left, right }

  public struct Column: Sendable {
    public var title: String
    public var alignment: Alignment
    /// The column that gives up width (with an ellipsis) when the terminal is narrow.
    public var flexible: Bool
    /// The keys of the JSON row the column shows: a list's columns in CSV, TSV and Markdown.
    public var keys: [String]

    public init(
      _ title: String, _ alignment: Alignment = .left, flexible: Bool = false, keys: [String] = []
    ) {
      self.title = title
      self.alignment = alignment
      self.flexible = flexible
      self.keys = keys
    }
  }

  public var columns: [Column]
  public var rows: [[StyledText]]

  public init(columns: [Column], rows: [[StyledText]]) {
    self.columns = columns
    self.rows = rows
  }

  /// The JSON keys its columns show, in their order, each once (empty: not a list's table).
  public var keys: [String] {
    var seen: Set<String> = []
    return columns.flatMap(\.keys).filter { seen.insert($0).inserted }
  }
}

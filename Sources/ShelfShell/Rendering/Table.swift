import Foundation

/// A table: column headers, rows of styled cells, and which column may be shortened to fit.
public struct Table: Sendable {
  public enum Alignment: Sendable { case left, right }

  public struct Column: Sendable {
    public var title: String
    public var alignment: Alignment
    /// The column that gives up width (with an ellipsis) when the terminal is narrow.
    public var flexible: Bool

    public init(_ title: String, _ alignment: Alignment = .left, flexible: Bool = false) {
      self.title = title
      self.alignment = alignment
      self.flexible = flexible
    }
  }

  public var columns: [Column]
  public var rows: [[StyledText]]

  public init(columns: [Column], rows: [[StyledText]]) {
    self.columns = columns
    self.rows = rows
  }
}

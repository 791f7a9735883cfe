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

/// A piece of a screen.
public enum Block: Sendable {
  case text(StyledText)
  /// Text that wraps to the terminal's width (descriptions, summaries, story pages).
  case paragraph(StyledText)
  case table(Table)
  /// A picture: drawn on a colour terminal, else `fallback` (its path or URL) is printed.
  case image(ImageSource)
  /// A small picture with lines of text beside it (`ls --posters`); without pictures the
  /// text comes first and the picture's fallback after it.
  case figure(ImageSource, caption: [StyledText])
  case blank
}

/// A picture to draw: its file (nil when pictures are not drawn here or it is not at hand) and
/// the text printed instead (its path or URL).
public struct ImageSource: Sendable {
  public var file: URL?
  public var fallback: String
  public var maxColumns: Int

  public init(file: URL? = nil, fallback: String, maxColumns: Int) {
    self.file = file
    self.fallback = fallback
    self.maxColumns = maxColumns
  }
}

/// What a command shows: blocks for people and, for `--json`, the model as data.
public struct Report: Sendable {
  public var blocks: [Block]
  public var data: (any Encodable & Sendable)?

  public init(
    _ blocks: [Block], data: (any Encodable & Sendable)? = nil
  ) {
    self.blocks = blocks
    self.data = data
  }

  /// A one-line message, which `--json` prints as `{"message": …}`.
  public static func message(_ text: String) -> Report {
    Report([.text(StyledText(text))], data: MessageModel(message: text))
  }
}

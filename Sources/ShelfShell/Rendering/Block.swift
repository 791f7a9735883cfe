import Foundation

/// A piece of a screen.
public enum Block: Sendable {
  case text(StyledText)
  /// Text that wraps to the terminal's width (descriptions, summaries, story pages).
  case paragraph(StyledText)
  case table(Table)
  /// A table whose rows are made while it is printed (`ls /shows` at 85,000 shows).
  case stream(RowStream)
  /// A picture: drawn on a colour terminal, else `fallback` (its path or URL) is printed.
  case image(ImageSource)
  /// A table with a small picture beside each row (`ls --posters`): the rows laid out as the
  /// table is, in the width left beside the pictures; where pictures are not drawn, the table.
  case figures(Table, pictures: [ImageSource])
  case blank
  /// Lines printed as they are (control characters still removed), never wrapped or cut: an
  /// export's JSON.
  case verbatim(String)
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

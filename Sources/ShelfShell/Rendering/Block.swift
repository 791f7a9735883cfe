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
  /// A small picture with lines of text beside it (`ls --posters`); without pictures the
  /// text comes first and the picture's fallback after it.
  case figure(ImageSource, caption: [StyledText])
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

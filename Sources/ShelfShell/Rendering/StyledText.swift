import ShelfTerminal

/// A line (or paragraph) of styled text: a list of spans.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
  public var spans: [Span]

  public init(_ spans: [Span] = []) {
    self.spans = spans
  }

  public init(_ text: String, _ style: TextStyle = .plain) {
    spans = [Span(text, style)]
  }

  public init(stringLiteral value: String) {
    spans = [Span(value)]
  }

  public var plainText: String { spans.map(\.text).joined() }
  public var isEmpty: Bool { spans.allSatisfy(\.text.isEmpty) }

  public static func + (left: StyledText, right: StyledText) -> StyledText {
    StyledText(left.spans + right.spans)
  }

  public mutating func append(_ text: String, _ style: TextStyle = .plain) {
    spans.append(Span(text, style))
  }
}

import ShelfTerminal

/// How a span of text should look. Renderers decide what that means: ANSI colours on a
/// terminal, nothing in plain output.
public enum TextStyle: Hashable, Sendable {
  case plain
  case bold
  case italic
  /// Emphasis and strong emphasis from a page (`<em>`, `<strong>`): shown as _text_ and
  /// *text* when there are no colours.
  case emphasis
  case strong
  case dim
  case heading
  case accent
  case price
  case favorite
  case error
  case warning
  case link
  /// The show list's action label for a show that is not saved: **Favorite** on green.
  case saveAction
  /// The show list's action label for a saved show: **Delete** on red.
  case deleteAction
  /// The prompt's program name and its path.
  case promptName
  case promptPath
}

extension TextStyle {
  /// The colour table: what each style looks like on a colour terminal (nothing for plain).
  public var attributes: [SGRAttribute] {
    switch self {
    case .plain: []
    case .bold, .strong: [.bold]
    case .italic, .emphasis: [.italic]
    case .dim: [.dim]
    case .heading: [.bold, .foreground(.cyan)]
    case .accent: [.foreground(.blue)]
    case .price: [.foreground(.green)]
    case .favorite, .warning: [.foreground(.yellow)]
    case .error: [.foreground(.red)]
    case .link: [.underline, .foreground(.blue)]
    case .saveAction: [.bold, .foreground(.black), .background(.green)]
    case .deleteAction: [.bold, .foreground(.brightWhite), .background(.red)]
    case .promptName: [.bold, .foreground(.blue)]
    case .promptPath: [.foreground(.cyan)]
    }
  }
}

/// A run of text in one style.
public struct Span: Hashable, Sendable {
  public var text: String
  public var style: TextStyle

  public init(_ text: String, _ style: TextStyle = .plain) {
    self.text = text
    self.style = style
  }
}

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

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

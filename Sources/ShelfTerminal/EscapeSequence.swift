/// Every escape sequence shelf writes to a terminal, in one place: SGR styles and colours,
/// erasing a line, moving the cursor. Renderers, the prompt, the progress line and the image
/// renderer ask for them here; `TerminalText` (beside it) strips the same grammar from
/// untrusted text.
public enum EscapeSequence {
  /// ESC, which starts every sequence.
  public static let escape: Unicode.Scalar = "\u{1B}"
  /// The Control Sequence Introducer, `ESC [`.
  public static let controlSequenceIntroducer = "\u{1B}["

  /// `ESC [ codes m`: Select Graphic Rendition.
  public static func sgr(_ attributes: [SGRAttribute]) -> String {
    controlSequenceIntroducer + attributes.map(\.code).joined(separator: ";") + "m"
  }

  /// `text` in `attributes`, then back to the terminal's defaults.
  public static func styled(_ text: String, _ attributes: [SGRAttribute]) -> String {
    attributes.isEmpty ? text : sgr(attributes) + text + sgr([.reset])
  }

  /// Back to the first column and erase the line: a progress line rewritten in place.
  public static let eraseLine = "\r\u{1B}[K"

  /// Back to the first column and erase to the end of the screen.
  public static let eraseToEndOfScreen = "\r\u{1B}[J"

  /// Moves the cursor up `rows` rows (nothing for 0).
  public static func cursorUp(_ rows: Int) -> String {
    rows > 0 ? controlSequenceIntroducer + "\(rows)A" : ""
  }
}

/// One SGR parameter: a text attribute or a colour (ECMA-48 and the xterm extensions).
public enum SGRAttribute: Sendable, Equatable {
  case reset, bold, dim, italic, underline
  case foreground(Color)
  case background(Color)
  /// The terminal's own foreground or background colour.
  case defaultForeground, defaultBackground
  /// An entry of the xterm 256-colour palette.
  case foreground256(Int), background256(Int)
  /// A 24-bit colour.
  case foregroundRGB(red: Int, green: Int, blue: Int)
  case backgroundRGB(red: Int, green: Int, blue: Int)

  /// The eight standard colours and their bright variants.
  public enum Color: Int, Sendable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack = 60, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta
    case brightCyan, brightWhite
  }

  var code: String {
    switch self {
    case .reset: "0"
    case .bold: "1"
    case .dim: "2"
    case .italic: "3"
    case .underline: "4"
    case .foreground(let color): String(30 + color.rawValue)
    case .background(let color): String(40 + color.rawValue)
    case .defaultForeground: "39"
    case .defaultBackground: "49"
    case .foreground256(let index): "38;5;\(index)"
    case .background256(let index): "48;5;\(index)"
    case .foregroundRGB(let red, let green, let blue): "38;2;\(red);\(green);\(blue)"
    case .backgroundRGB(let red, let green, let blue): "48;2;\(red);\(green);\(blue)"
    }
  }
}

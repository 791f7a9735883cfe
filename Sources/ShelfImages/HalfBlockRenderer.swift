import ShelfTerminal

/// Draws an ``RGBImage`` with coloured half blocks: every terminal cell shows two vertically
/// stacked pixels as U+2580 UPPER HALF BLOCK, the top pixel as foreground and the bottom
/// pixel as background.
///
/// Output is one string per terminal row, without a newline. Each line ends with `ESC[0m`
/// so no colour leaks into whatever follows. The first cell of a line always sets both
/// colours (the terminal state before the line is unknown); after that an SGR sequence is
/// emitted only when a colour differs from the previous cell's. An odd last pixel row is
/// drawn with the default background (`ESC[49m`).
public struct HalfBlockRenderer: Sendable {
  public enum Palette: Sendable, Equatable {
    /// 24-bit colour: `ESC[38;2;R;G;Bm` / `ESC[48;2;R;G;Bm`.
    case trueColor
    /// The xterm 256-colour cube and grey ramp: `ESC[38;5;Nm` / `ESC[48;5;Nm`.
    case ansi256
  }

  public let palette: Palette

  public init(palette: Palette) {
    self.palette = palette
  }

  /// `.trueColor` when `COLORTERM` is `truecolor` or `24bit` (case-insensitive), otherwise
  /// `.ansi256`.
  public static func palette(environment: [String: String]) -> Palette {
    switch environment["COLORTERM"]?.lowercased() {
    case "truecolor", "24bit": return .trueColor
    default: return .ansi256
    }
  }

  private static let halfBlock = "\u{2580}"

  /// Renders `image` as `(image.height + 1) / 2` lines of `image.width` cells each.
  public func render(_ image: RGBImage) -> [String] {
    guard image.width > 0, image.height > 0 else { return [] }
    var lines: [String] = []
    lines.reserveCapacity((image.height + 1) / 2)
    for top in stride(from: 0, to: image.height, by: 2) {
      lines.append(renderLine(image, topRow: top))
    }
    return lines
  }

  /// A cell colour: a packed 24-bit RGB value or palette index, or nil for the terminal
  /// default.
  private typealias Ink = Int?

  private func ink(_ image: RGBImage, x: Int, y: Int) -> Int {
    let pixel = image[x, y]
    switch palette {
    case .trueColor:
      return Int(pixel.r) << 16 | Int(pixel.g) << 8 | Int(pixel.b)
    case .ansi256:
      return Int(XTerm256Palette.nearestIndex(r: pixel.r, g: pixel.g, b: pixel.b))
    }
  }

  private func sgr(_ ink: Ink, foreground: Bool) -> String {
    guard let ink else {
      return EscapeSequence.sgr([foreground ? .defaultForeground : .defaultBackground])
    }
    switch palette {
    case .trueColor:
      let (red, green, blue) = (ink >> 16, ink >> 8 & 0xFF, ink & 0xFF)
      return EscapeSequence.sgr([
        foreground
          ? .foregroundRGB(red: red, green: green, blue: blue)
          : .backgroundRGB(red: red, green: green, blue: blue)
      ])
    case .ansi256:
      return EscapeSequence.sgr([foreground ? .foreground256(ink) : .background256(ink)])
    }
  }

  private func renderLine(_ image: RGBImage, topRow: Int) -> String {
    let bottomRow = topRow + 1 < image.height ? topRow + 1 : nil
    var line = ""
    // Optional-of-optional: outer nil means "unknown", so the first cell sets both.
    var currentForeground: Ink?? = nil
    var currentBackground: Ink?? = nil
    for x in 0..<image.width {
      let foreground: Ink = ink(image, x: x, y: topRow)
      let background: Ink = bottomRow.map { ink(image, x: x, y: $0) }
      if currentForeground != .some(foreground) {
        line += sgr(foreground, foreground: true)
        currentForeground = .some(foreground)
      }
      if currentBackground != .some(background) {
        line += sgr(background, foreground: false)
        currentBackground = .some(background)
      }
      line += Self.halfBlock
    }
    line += EscapeSequence.sgr([.reset])
    return line
  }
}

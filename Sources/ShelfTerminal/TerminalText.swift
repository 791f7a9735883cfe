/// Text from the catalog or the network is untrusted: before it reaches a terminal every
/// control character, escape sequence and invisible format character (bidirectional marks,
/// zero-width spaces) is removed (tabs become spaces).
public enum TerminalText {
  public static func sanitize(_ text: String) -> String {
    sanitize(text, keepingLayout: false)
  }

  /// With `keepingLayout`, tabs and line breaks stay as they are (for a format that escapes
  /// them itself: CSV, TSV); everything else unsafe goes, as `sanitize` does.
  public static func sanitize(_ text: String, keepingLayout: Bool) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == EscapeSequence.escape {
        skipEscapeSequence(&scalars)
      } else if scalar == "\t" || (keepingLayout && scalar == "\n") {
        result.append(keepingLayout ? scalar : " ")
      } else if !isUnsafe(scalar) {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// `text` with each character `sanitize` would remove written as an escape instead: `\x01`,
  /// `\x1b` (the rest of an escape sequence is then plain text), `\t`, `\u{202E}`. For quoting
  /// back what a person typed, exactly and safely (`no item "bear\x01"`).
  public static func showingControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      guard isUnsafe(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      let hex = String(scalar.value, radix: 16)
      switch scalar.value {
      case 0x09: result += "\\t"
      case 0..<0x10: result += "\\x0" + hex
      case 0..<0x100: result += "\\x" + hex
      default: result += "\\u{" + hex.uppercased() + "}"
      }
    }
    return result
  }

  /// `text` without its escape sequences (ESC and what follows it, as `sanitize` drops
  /// them); every other character is kept. For a store that cannot hold ESC: what is left
  /// prints as `sanitize` would have printed the original. A sequence never runs past
  /// `boundary` (the `<` that starts the next tag when `text` is a whole XML document).
  public static func removingEscapeSequences(_ text: String, boundary: Unicode.Scalar? = nil)
    -> String
  {
    guard text.unicodeScalars.contains(EscapeSequence.escape) else { return text }
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == EscapeSequence.escape {
        skipEscapeSequence(&scalars, boundary: boundary)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) { return true }
    return invisibleFormatCharacters.contains { $0.contains(value) }
  }

  /// Format characters that change how text around them is shown without showing themselves:
  /// the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
  /// U+202A–U+202E, U+2066–U+2069), zero-width spaces and joiners that are not part of a
  /// script's spelling (U+180E, U+200B, U+2060–U+2064, U+FEFF), the deprecated format
  /// characters (U+206A–U+206F), line and paragraph separators (U+2028, U+2029) and the
  /// interlinear annotation marks (U+FFF9–U+FFFB). U+200C and U+200D stay: some scripts and
  /// emoji need them.
  private static let invisibleFormatCharacters: [ClosedRange<UInt32>] = [
    0x061C...0x061C, 0x180E...0x180E, 0x200B...0x200B, 0x200E...0x200F, 0x2028...0x202E,
    0x2060...0x2064, 0x2066...0x206F, 0xFEFF...0xFEFF, 0xFFF9...0xFFFB,
  ]

  /// Drops the rest of an ESC sequence: CSI (`ESC [ … final`), OSC/DCS/APC/PM/SOS (up to BEL
  /// or ESC \, when there is one), or a two-character escape.
  private static func skipEscapeSequence(
    _ scalars: inout String.UnicodeScalarView.Iterator, boundary: Unicode.Scalar? = nil
  ) {
    var peek = scalars
    guard let introducer = peek.next(), introducer != boundary else { return }
    scalars = peek
    switch introducer {
    case "[":
      while true {
        var rest = scalars
        guard let next = rest.next(), next != boundary else { return }
        scalars = rest
        if (0x40...0x7E).contains(next.value) { return }
      }
    case "]", "P", "_", "^", "X":
      // One that never ends (a message quoting the start of one) loses only ESC and its
      // introducer: the rest is plain text, and the message must not lose its tail.
      var rest = scalars
      var previous: Unicode.Scalar?
      while let next = rest.next(), next != boundary {
        if next == "\u{07}" || (previous == EscapeSequence.escape && next == "\\") {
          scalars = rest
          return
        }
        previous = next
      }
    default:
      break
    }
  }
}

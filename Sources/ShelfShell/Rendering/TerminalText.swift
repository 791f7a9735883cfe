/// Text from the catalog or the network is untrusted: before it reaches a terminal every
/// control character and escape sequence is removed (tabs become spaces).
public enum TerminalText {
  public static func sanitize(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "\u{1B}" {
        skipEscapeSequence(&scalars)
      } else if scalar == "\t" {
        result.append(" ")
      } else if !isUnsafe(scalar) {
        result.append(scalar)
      }
    }
    return String(result)
  }

  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value)
      || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }

  /// Drops the rest of an ESC sequence: CSI (`ESC [ … final`), OSC/DCS/APC/PM/SOS (up to BEL
  /// or ESC \, when there is one), or a two-character escape.
  private static func skipEscapeSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
    guard let introducer = scalars.next() else { return }
    switch introducer {
    case "[":
      while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
    case "]", "P", "_", "^", "X":
      // One that never ends (a message quoting the start of one) loses only ESC and its
      // introducer: the rest is plain text, and the message must not lose its tail.
      var rest = scalars
      var previous: Unicode.Scalar?
      while let next = rest.next() {
        if next == "\u{07}" || (previous == "\u{1B}" && next == "\\") {
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

/// How many terminal columns text takes: wide East Asian characters and emoji count two,
/// combining marks none.
public enum DisplayWidth {
  public static func of(_ text: String) -> Int {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    return text.unicodeScalars.reduce(0) { $0 + of($1) }
  }

  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value >= 0x20 && value < 0x300 { return 1 }
    if value == 0 || scalar.properties.generalCategory == .nonspacingMark
      || scalar.properties.generalCategory == .enclosingMark || value == 0x200D
      || (0xFE00...0xFE0F).contains(value)
    {
      return 0
    }
    if (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
      || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
      || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
      || (0x20000...0x3FFFD).contains(value)
    {
      return 2
    }
    return 1
  }

  /// `text` cut to `width` columns, ending in "…" when it was cut.
  public static func truncate(_ text: String, to width: Int) -> String {
    guard of(text) > width else { return text }
    guard width > 1 else { return width == 1 ? "…" : "" }
    var result = ""
    var used = 0
    for character in text {
      let size = of(String(character))
      if used + size > width - 1 { break }
      result.append(character)
      used += size
    }
    return result + "…"
  }
}

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

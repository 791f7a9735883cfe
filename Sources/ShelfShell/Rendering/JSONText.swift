/// Makes encoded JSON safe to print: inside strings, C1 controls, line and paragraph
/// separators and bidirectional overrides are written as `\u` escapes of four hex digits (JSONEncoder
/// escapes only C0), and a string longer than `FieldLimit.characters` is cut there and ends in
/// `FieldLimit.jsonMarker`, so a hostile name can neither reorder a terminal's text nor
/// flood it.
enum JSONText {
  static func safe(_ json: String, cutting: Bool = true) -> String {
    var output = String.UnicodeScalarView()
    var inString = false
    var escaping = false
    var pendingEscape = 0
    var characters = 0
    var cut = false
    for scalar in json.unicodeScalars {
      guard inString else {
        if scalar == "\"" {
          inString = true
          characters = 0
          cut = false
        }
        output.append(scalar)
        continue
      }
      if !escaping, pendingEscape == 0, scalar == "\"" {
        if cut { output.append(contentsOf: FieldLimit.jsonMarker.unicodeScalars) }
        inString = false
        output.append(scalar)
        continue
      }
      // A character starts here unless this scalar continues an escape (`\n`, `\u0001`).
      let continuesEscape = escaping || pendingEscape > 0
      if escaping {
        escaping = false
        if scalar == "u" { pendingEscape = 4 }
      } else if pendingEscape > 0 {
        pendingEscape -= 1
      } else if scalar == "\\" {
        escaping = true
      }
      if !continuesEscape {
        characters += 1
        if cutting, characters > FieldLimit.characters { cut = true }
      }
      if cut { continue }
      if needsEscape(scalar) {
        output.append(contentsOf: escape(scalar).unicodeScalars)
      } else {
        output.append(scalar)
      }
    }
    return String(output)
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
      return true
    default:
      return false
    }
  }

  private static func escape(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: false)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

/// How long a single field may be when printed: a 1 MB name must not make a 44 MB listing.
enum FieldLimit {
  static let characters = 1000
  static let jsonMarker = "…[cut]"

  /// Text cut at the limit, with an ellipsis.
  static func cut(_ text: String) -> String {
    guard text.utf8.count > characters, text.count > characters else { return text }
    return String(text.prefix(characters - 1)) + "…"
  }
}

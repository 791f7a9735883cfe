/// Lays compact JSON out for people, two spaces a level, a piece at a time (a streamed listing
/// is never whole): `{"a":[1,2]}` becomes `{`, `  "a": [`, `    1,` … with each value on its
/// own line; `{}` and `[]` stay as they are. Only whitespace outside strings changes, so the
/// document means the same; a line break between documents stays.
struct JSONIndenter {
  private var depth = 0
  private var inString = false
  private var escaping = false
  /// A `{` or `[` just written: its line break waits for the next character (an empty one
  /// closes on the same line).
  private var opened: Character?

  mutating func feed(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count + text.utf8.count / 4)
    for character in text {
      if inString {
        output.append(character)
        if escaping {
          escaping = false
        } else if character == "\\" {
          escaping = true
        } else if character == "\"" {
          inString = false
        }
        continue
      }
      if character == " " || character == "\t" || character == "\r" { continue }
      if let open = opened {
        opened = nil
        if (open == "{" && character == "}") || (open == "[" && character == "]") {
          output.append(character)
          continue
        }
        depth += 1
        output += "\n" + indent
      }
      switch character {
      case "{", "[":
        output.append(character)
        opened = character
      case "}", "]":
        depth = max(0, depth - 1)
        output += "\n" + indent + String(character)
      case ",": output += ",\n" + indent
      case ":": output += ": "
      case "\"":
        inString = true
        output.append(character)
      case "\n":
        if depth == 0 { output.append(character) }
      default: output.append(character)
      }
    }
    return output
  }

  private var indent: String { String(repeating: "  ", count: depth) }
}

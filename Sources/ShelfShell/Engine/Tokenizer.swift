/// Splits a command line into words the way a POSIX shell does for the cases a user types:
/// blanks separate words; `'…'` keeps everything literally; `"…"` keeps blanks and honours
/// `\"` and `\\`; a backslash outside quotes escapes the next character; an unquoted `#` at
/// the start of a word begins a comment that runs to the end of the line.
public struct Tokenizer {
  public struct Word: Equatable, Sendable {
    /// The word with quotes and escapes removed.
    public var text: String
    /// Where the word starts in the line (in Characters).
    public var start: Int
    /// The quote still open at the end of the line (only possible for the last word).
    public var openQuote: Character?
  }

  public enum Failure: Error, Equatable {
    case unbalancedQuote(Character)
  }

  /// The words of a complete line; an open quote is an error.
  public static func words(_ line: String) throws -> [String] {
    let words = split(line)
    if let quote = words.last?.openQuote { throw Failure.unbalancedQuote(quote) }
    if line.last == "\\", !(words.last?.text.hasSuffix("\\") ?? false) {
      throw Failure.unbalancedQuote("\\")
    }
    return words.map(\.text)
  }

  /// The words of a line being typed, keeping positions and any open quote, for completion.
  /// When the line ends in a blank, an empty last word stands for the word about to be typed.
  public static func split(_ line: String, keepTrailingEmptyWord: Bool = false) -> [Word] {
    var words: [Word] = []
    var current = ""
    var start: Int?
    var quote: Character?
    var escaping = false
    for (offset, character) in line.enumerated() {
      if escaping {
        current.append(character)
        escaping = false
        continue
      }
      if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaping = true
        } else {
          current.append(character)
        }
        continue
      }
      switch character {
      case " ", "\t":
        if let begin = start {
          words.append(Word(text: current, start: begin, openQuote: nil))
          current = ""
          start = nil
        }
      case "#" where start == nil:
        return words
      case "'", "\"":
        if start == nil { start = offset }
        quote = character
      case "\\":
        if start == nil { start = offset }
        escaping = true
      default:
        if start == nil { start = offset }
        current.append(character)
      }
    }
    if let begin = start {
      words.append(Word(text: current, start: begin, openQuote: quote))
    } else if keepTrailingEmptyWord {
      words.append(Word(text: "", start: line.count, openQuote: nil))
    }
    return words
  }

  /// The commands of a line separated by `;` (as in a shell): a `;` inside quotes, after a
  /// backslash or in a `#` comment is text. Blank commands are dropped.
  public static func statements(_ line: String) -> [String] {
    let characters = Array(line)
    let layout = layout(characters)
    let ends = layout.starts.dropFirst().map { $0 - 1 } + [layout.end]
    return zip(layout.starts, ends).map { String(characters[$0..<$1]) }
      .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
  }

  /// Where the last command of a line being typed starts (in Characters): just after its last
  /// separating `;`, or 0. Completion works on that command only.
  public static func lastStatementStart(_ line: String) -> Int {
    layout(Array(line)).starts.last ?? 0
  }

  /// Where each command of `line` starts (0, and just after each separating `;`) and where
  /// the commands end (a `#` comment, or the end of the line).
  private static func layout(_ line: [Character]) -> (starts: [Int], end: Int) {
    var starts = [0]
    let end = scanOperators(line, [";"]) { offset, _ in
      starts.append(offset + 1)
      return true
    }
    return (starts, end)
  }

  /// Calls `visit` with each character of `operators` that stands in `line` as an operator:
  /// outside quotes, not after a backslash, before a `#` comment. `visit` returns false to
  /// stop. Returns where the line's commands end (the comment, or the end of the line). The
  /// one reading of quotes shared by `;` and redirection.
  static func scanOperators(
    _ line: [Character], _ operators: Set<Character>, _ visit: (Int, Character) -> Bool
  ) -> Int {
    var quote: Character?
    var escaping = false
    var atWordStart = true
    for (offset, character) in line.enumerated() {
      if escaping {
        escaping = false
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaping = true
        }
      } else if character == "#" && atWordStart {
        return offset  // a comment runs to the end of the line
      } else if operators.contains(character) {
        guard visit(offset, character) else { return line.count }
        atWordStart = true
        continue
      } else if character == "\\" {
        escaping = true
      } else if character == "'" || character == "\"" {
        quote = character
      }
      atWordStart = quote == nil && !escaping && (character == " " || character == "\t")
    }
    return line.count
  }

  /// `text` written so that `words` reads it back as one word: unchanged when it needs no
  /// quoting, else with backslash escapes.
  public static func escape(_ text: String) -> String {
    let special: Set<Character> = [" ", "\t", "'", "\"", "\\", ";", "#", ">", "|"]
    var result = ""
    for character in text {
      if special.contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }
}

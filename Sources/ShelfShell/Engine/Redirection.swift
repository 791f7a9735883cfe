/// Where a command's output goes instead of the screen, as psql's `\o` and `\g | command`:
/// `ls > toys.txt`, `cart >> log.txt`, `ls /shows | grep -i dome`. The engine finds it in the
/// line; the front end writes there.
public enum Redirection: Equatable, Sendable {
  /// A file, truncated in place (`>`) or appended to (`>>`), as `sh` opens it; `~` is the
  /// user's home.
  case file(path: String, append: Bool)
  /// A command of the user's shell (`/bin/sh -c`), given the output on its standard input.
  case pipe(command: String)

  /// Splits `statement` at its first unquoted, unescaped `>`, `>>` or `|`: the command before
  /// it, and where its output goes (nil when there is none). A `>` or `|` inside quotes, after
  /// a backslash or in a `#` comment is text. An operator with no command before it is bad
  /// usage, as in `sh` (`> file` alone would only empty the file).
  static func split(_ statement: String) throws -> (command: String, target: Redirection?) {
    let characters = Array(statement)
    var found: (offset: Int, operation: Character)?
    _ = Tokenizer.scanOperators(characters, [">", "|"]) { offset, character in
      found = (offset, character)
      return false
    }
    guard let found else { return (statement, nil) }
    let command = String(characters[..<found.offset])
    guard !command.trimmingCharacters(in: .whitespaces).isEmpty else {
      let symbol =
        found.operation == ">" && characters.dropFirst(found.offset + 1).first == ">"
        ? ">>" : String(found.operation)
      throw ShellError.badRedirection("\(symbol) needs a command before it")
    }
    return (
      command,
      try target(found.operation, after: Array(characters[(found.offset + 1)...]))
    )
  }

  private static func target(_ operation: Character, after rest: [Character]) throws
    -> Redirection
  {
    if operation == "|" {
      let command = String(rest).trimmingCharacters(in: .whitespaces)
      guard !command.isEmpty else { throw ShellError.badRedirection("| needs a command after it") }
      return .pipe(command: command)
    }
    let append = rest.first == ">"
    let text = String(append ? rest.dropFirst() : rest[...])
    let symbol = append ? ">>" : ">"
    let words: [String]
    do {
      words = try Tokenizer.words(text)
    } catch Tokenizer.Failure.unbalancedQuote(let quote) {
      throw ShellError.unbalancedQuote(quote)
    }
    guard words.count == 1, let path = words.first, !path.isEmpty, !path.hasPrefix(">"),
      !path.contains("|")
    else {
      throw ShellError.badRedirection(
        words.isEmpty ? "\(symbol) needs a file after it" : "\(symbol) takes one file")
    }
    return .file(path: path, append: append)
  }
}

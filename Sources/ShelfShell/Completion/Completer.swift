import ShelfDomain
import ShelfSearch
import ShelfStore
import ShelfTerminal

/// Completes commands, options, paths (every segment) and item references.
struct Completer {
  let context: CommandContext

  func complete(line: String, cursor: Int) -> Completion {
    let before = String(line.prefix(cursor))
    // Only the command being typed counts: the text after the last `;` that separates commands.
    let statementStart = Tokenizer.lastStatementStart(before)
    if let target = redirectionTarget(Array(before), from: statementStart) { return target }
    let words = Tokenizer.split(
      String(before.dropFirst(statementStart)), keepTrailingEmptyWord: true
    ).map {
      Tokenizer.Word(text: $0.text, start: $0.start + statementStart, openQuote: $0.openQuote)
    }
    guard let current = words.last else {
      return Completion(
        wordStart: statementStart, openQuote: nil,
        candidates: context.registry.names(startingWith: ""))
    }
    if words.count == 1 {
      return Completion(
        wordStart: current.start, openQuote: current.openQuote,
        candidates: context.registry.names(startingWith: current.text))
    }
    guard let command = try? context.registry.command(named: words[0].text) else {
      return Completion(wordStart: current.start, openQuote: current.openQuote, candidates: [])
    }
    let previous = ParsedArguments.scan(
      words.dropFirst().dropLast().map(\.text), options: command.options)
    let candidates: [Candidate]
    if case .missingValue(let spec, _) = previous.last {
      candidates = values(of: spec, prefix: current.text)
    } else if current.text.hasPrefix("-"), current.openQuote == nil, Int(current.text) == nil {
      candidates = options(
        of: command, prefix: current.text, after: words.dropFirst().dropLast().map(\.text))
    } else {
      let index = previous.reduce(0) { count, word in
        if case .positional = word { return count + 1 }
        return count
      }
      candidates = command.complete(argumentIndex: index, prefix: current.text, in: context)
    }
    return Completion(
      wordStart: current.start, openQuote: current.openQuote, candidates: candidates)
  }

  /// Tab in what follows `>` or `>>`: file names; after `|`, the user's own shell command:
  /// nothing. Nil when the word is not after a redirection.
  private func redirectionTarget(_ line: [Character], from start: Int) -> Completion? {
    let statement = Array(line[start...])
    var found: (offset: Int, operation: Character)?
    _ = Tokenizer.scanOperators(statement, [">", "|"]) { offset, character in
      found = (offset, character)
      return false
    }
    guard let found else { return nil }
    var after = found.offset + 1
    if found.operation == ">", after < statement.count, statement[after] == ">" { after += 1 }
    let rest = String(statement[after...])
    guard let word = Tokenizer.split(rest, keepTrailingEmptyWord: true).last else { return nil }
    let candidates =
      found.operation == ">"
      ? FileCompletion(home: context.options.homeDirectory).candidates(for: word.text) : []
    return Completion(
      wordStart: start + after + word.start, openQuote: word.openQuote, candidates: candidates)
  }

  /// Option names (those the command offers here), and `--option=value` once the `=` is typed.
  private func options(of command: any Command, prefix: String, after words: [String])
    -> [Candidate]
  {
    if let equals = prefix.firstIndex(of: "="),
      let spec = command.options.first(where: { $0.names.contains(String(prefix[..<equals])) })
    {
      let name = String(prefix[...equals])
      return values(of: spec, prefix: String(prefix[prefix.index(after: equals)...])).map {
        Candidate(name + $0.text, description: $0.description, appendsSpace: $0.appendsSpace)
      }
    }
    return command.options.filter { command.offers($0, after: words, in: context) }.flatMap {
      spec in
      spec.names.filter { $0.hasPrefix(prefix) }.map { Candidate($0, description: spec.fullHelp) }
    }
  }

  /// What an option's value can be, from the option's declaration.
  private func values(of spec: OptionSpec, prefix: String) -> [Candidate] {
    guard let value = spec.value else { return [] }
    return ValueCandidates(context: context).candidates(for: value, help: spec.help, prefix: prefix)
  }
}

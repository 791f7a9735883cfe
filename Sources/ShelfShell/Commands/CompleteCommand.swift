/// `complete LINE`: prints the Tab candidates for LINE (hidden; for tests and scripts, like
/// fish's `complete -C`).
struct CompleteCommand: Command {
  let name = "complete"
  let summary = "print the completions of a line"
  var signature: CommandSignature {
    CommandSignature(arguments: [
      CommandArgument(.text("LINE"), help: "a command line").spec
    ])
  }
  let isHidden = true
  let parsesArguments = false

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let line = arguments.rawText
    let completion = Completer(context: context).complete(line: line, cursor: line.count)
    return CommandResult(
      report: Report(
        CompletionScreen(
          insertions: completion.candidates.map(completion.insertion(for:)),
          descriptions: completion.candidates.map { $0.description ?? "" })))
  }
}

/// The candidates of a line: in JSON an array of what Tab would insert.
struct CompletionScreen: Screen {
  let insertions: [String]
  let descriptions: [String]

  func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(insertions)
  }

  var blocks: [Block] {
    let rows = zip(insertions, descriptions).map { [StyledText($0), StyledText($1, .dim)] }
    return [.table(Table(columns: [.init(""), .init("", flexible: true)], rows: rows))]
  }
}

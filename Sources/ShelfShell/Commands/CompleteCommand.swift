/// `complete LINE`: prints the Tab candidates for LINE (hidden; for tests and scripts, like
/// fish's `complete -C`).
struct CompleteCommand: Command {
  let name = "complete"
  let summary = "print the completions of a line"
  let usage = "complete LINE"
  let isHidden = true
  let parsesArguments = false

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let line = arguments.rawText
    let completion = Completer(context: context).complete(line: line, cursor: line.count)
    let rows = completion.candidates.map { candidate in
      [
        StyledText(completion.insertion(for: candidate)),
        StyledText(candidate.description ?? "", .dim),
      ]
    }
    let table = Table(columns: [.init(""), .init("", flexible: true)], rows: rows)
    return CommandResult(
      report: Report([.table(table)], data: completion.candidates.map(completion.insertion(for:))))
  }
}

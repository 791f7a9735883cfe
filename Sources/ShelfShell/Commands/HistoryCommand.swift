/// `history [N]`: the last N command lines (all of this session's and earlier ones).
struct HistoryCommand: Command {
  let name = "history"
  let summary = "the last N command lines (default 20)"
  let usage = "history [N]"
  let examples = ["history", "history 5"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    var count = 20
    if let text = try arguments.optionalArgument("N") {
      guard let value = Int(text), value > 0 else {
        throw ShellError.usage(
          command: name, message: "N must be a positive whole number, not \"\(text)\"")
      }
      count = value
    }
    let lines = context.history.suffix(count)
    let first = context.history.count - lines.count + 1
    return CommandResult(report: Report(HistoryScreen(lines: Array(lines), firstNumber: first)))
  }
}

/// Numbered command lines; in JSON an array of the lines.
struct HistoryScreen: Screen {
  let lines: [String]
  let firstNumber: Int

  func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(lines)
  }

  var blocks: [Block] {
    let table = Table(
      columns: [.init("", .right), .init("", flexible: true)],
      rows: lines.enumerated().map {
        [StyledText(String(firstNumber + $0.offset), .dim), StyledText($0.element)]
      })
    return [.table(table)]
  }
}

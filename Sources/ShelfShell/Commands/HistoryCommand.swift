/// `history [N]`: the last N command lines (all of this session's and earlier ones).
struct HistoryCommand: Command {
  static let count = CommandArgument(
    .integer("N", in: 1...Int.max), optional: true, help: "how many lines (default 20)")

  let name = "history"
  let summary = "the last N command lines (default 20)"
  var signature: CommandSignature {
    CommandSignature(arguments: [Self.count.spec])
  }
  let examples = ["history", "history 5"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let count = arguments[Self.count] ?? 20
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

/// `format [NAME]`: how reports are written from now on, as sqlite3's `.mode`; without NAME,
/// the one in use.
struct FormatCommand: Command {
  static let format = CommandArgument(
    .choice(of: OutputFormat.self), optional: true, help: "the format to use from now on")

  let name = "format"
  let summary = "how output is written: table, csv, tsv, markdown or json"
  var signature: CommandSignature {
    CommandSignature(arguments: [Self.format.spec])
  }
  let discussion = """
    table is for people; csv (RFC 4180), tsv, markdown and json are for other programs, and
    carry the same fields as the JSON rows (a header of their keys); a details screen is
    written as key and value pairs. The launch flags --format NAME, --json, --csv and --tsv
    choose it at start. Combine it with redirection: "format csv; ls /toys/dolls > dolls.csv".
    """
  let examples = ["format", "format csv", "format table"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    guard let format = arguments[Self.format] else {
      return CommandResult(report: Report(FormatScreen(format: context.format)))
    }
    return CommandResult(format: format)
  }
}

/// The format in use: `format` answers with it.
struct FormatScreen: Screen {
  let format: OutputFormat

  private enum CodingKeys: String, CodingKey { case format }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(format.rawValue, forKey: .format)
  }

  var blocks: [Block] { [.text(StyledText("Output format: \(format.rawValue)"))] }
}

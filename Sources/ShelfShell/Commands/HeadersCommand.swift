/// `headers [on|off]`: whether lists are written with their title, header row and footer, as
/// psql's `\t` and sqlite3's `.headers`; without an argument, the setting in use.
struct HeadersCommand: Command {
  enum Setting: String, CaseIterable, Sendable { case on, off }

  static let setting = CommandArgument(
    .choice(of: Setting.self), optional: true, help: "on: titles and header rows; off: rows only")

  let name = "headers"
  let summary = "whether lists are written with their title and header row"
  var signature: CommandSignature {
    CommandSignature(arguments: [Self.setting.spec])
  }
  let discussion = """
    "headers off" leaves out a list's title, its header row and the lines after it (the cart's
    total) in every format but json, so that "ls | sort" sorts rows only and a CSV file has no
    header line; "headers on" puts them back. The launch flag --no-header starts with them off.
    """
  let examples = ["headers", "headers off; ls /toys/Dolls | sort -k2; headers on"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    guard let setting = arguments[Self.setting] else {
      return CommandResult(report: Report(HeadersScreen(headers: context.headers)))
    }
    return CommandResult(headers: setting == .on)
  }
}

/// The setting in use: `headers` answers with it.
struct HeadersScreen: Screen {
  let headers: Bool

  private enum CodingKeys: String, CodingKey { case headers }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(headers, forKey: .headers)
  }

  var blocks: [Block] { [.text(StyledText("Headers: \(headers ? "on" : "off")"))] }
}

/// `spoilers [hide|show]`: spoiler-safe mode, on or off; without a word, which it is.
struct SpoilersCommand: Command {
  enum Choice: String, CaseIterable, Sendable {
    case hide, show
  }

  static let choice = CommandArgument(
    .choice(of: Choice.self), optional: true, help: "hide or show them from now on")

  let name = "spoilers"
  let summary = "(shows) hide or show the names, summaries and ratings of episodes ahead of you"
  var signature: CommandSignature {
    CommandSignature(arguments: [Self.choice.spec])
  }
  let discussion = """
    With spoilers hidden, every episode after the next one you have to watch is listed as
    "S02E05 · name hidden", without its summary or rating, on every screen, in every format,
    in Tab's descriptions and in calendars, until you watch it; a show's own summary stays.
    The choice is kept with your data (tracking.plist); "spoilers = hide" in the config file
    hides them until you choose.
    """
  let examples = ["spoilers hide", "spoilers show", "spoilers"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let library = context.library
    guard let choice = arguments[Self.choice] else {
      let hides = try library.spoilerShield().hides
      return CommandResult(
        report: .message(
          hides
            ? "Spoilers are hidden (\"spoilers show\" shows them)."
            : "Spoilers are shown (\"spoilers hide\" hides them)."))
    }
    try library.userData.tracking.update { $0.spoilers = choice.rawValue }
    return CommandResult(
      report: .message(
        choice == .hide
          ? "Spoilers hidden: episodes after the next one to watch show no name, summary or rating."
          : "Spoilers shown."))
  }
}

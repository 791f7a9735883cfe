import ShelfStore

/// `export [favorites|cart|watched|all]`: the user's state as one JSON document.
struct ExportCommand: Command {
  static let scope = CommandArgument(
    .choice(of: UserDataExport.Scope.self), optional: true, help: "what to export (default: all)")
  static let profile = CommandOption(
    ["--profile"], .profile, help: "only this person's (favorites, watched or all)")

  let name = "export"
  let summary = "print the household's and every profile's data as JSON"
  var signature: CommandSignature {
    CommandSignature(arguments: [Self.scope.spec], options: [Self.profile.spec])
  }
  let discussion = """
    Prints one JSON document of that state (all by default) on standard output, with or
    without --json. all is everything the household and its people made: the cart, the
    settings, and each person (name, birth month, favorites, watched marks with their times,
    statuses, show and episode ratings, stories read, wish list, claims, last positions, the
    spoilers choice, the last "new"), each change with its time; favorites, watched and cart
    are that part alone, the active profile's; --profile NAME exports one person's. What is
    hidden from you is left out: the claims on your own wish list, cart lines bought for you.
    Save it with `shelf -c export > shelf.json` and read it back elsewhere with
    `import shelf.json`.
    """
  let examples = [
    "export", "export favorites", "export --profile Mia", "shelf -c \"export cart\" > cart.json",
  ]
  let exampleSetup = ["profile add Mia --born 2019-05"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let scope = arguments[Self.scope] ?? .all
    let profile = try arguments[Self.profile].map { try context.library.profile(named: $0) }
    if profile != nil, scope == .cart {
      throw ShellError.usage(
        command: name,
        message: "the cart is the household's; --profile goes with favorites, watched or all")
    }
    let export = try UserDataTransfer(data: context.library.userData).export(
      scope, profile: profile)
    return CommandResult(
      report: Report(ExportScreen(export: export, text: try UserDataTransfer.text(of: export))))
  }
}

/// An export: the same JSON document in text and with `--json`, never cut (it is data to
/// import, not a listing to read).
struct ExportScreen: Screen {
  let export: UserDataExport
  /// The document as one line of ASCII JSON.
  let text: String

  var cutsLongFields: Bool { false }

  func encode(to encoder: Encoder) throws { try export.encode(to: encoder) }

  var blocks: [Block] { [.verbatim(text)] }
}

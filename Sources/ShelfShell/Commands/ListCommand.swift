/// `ls [PATH] [--posters] [--sort ORDER] [--limit N] [--price MIN-MAX]`: lists a screen.
struct ListCommand: Command {
  static let path = CommandArgument(
    .path, optional: true, help: "the screen to list (default: here)")
  static let posters = CommandFlag(["--posters"], help: "draw posters beside shows")

  let name = "ls"
  let aliases = ["list", "dir"]
  let summary = "list a screen (default: here)"
  let signature = CommandSignature(
    arguments: [path.spec], options: [posters.spec] + ListOptionArguments.specs)
  let discussion = """
    Lists the screen you are on, or the one PATH names; on a show it fetches its episodes
    (next and previous episode, the seasons). On /shows, --posters draws a small poster beside
    each show (on a colour terminal). On a list of toys, stories or products, or on find
    results: --sort name, price, age or relevance (the list's own order) orders the items, ties
    by name; --limit N shows the first N; --price 5-20 keeps toys and products priced 5 to 20.
    With a child's profile active, toys and stories that fit their age are marked "fits";
    --fits lists only those, and --for NAME uses another child's age.
    """
  let examples = [
    "ls", "ls /toys", "ls toys/building-blocks", "ls /toys/dolls --sort price --limit 3",
    "ls /store/games --price 10-25", "ls /shows --posters",
  ]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let location =
      try arguments[Self.path].map { try context.resolvePath($0, command: name) }
      ?? context.location
    let listing = ListOptionArguments.read(arguments)
    let fitting = try ListOptionArguments.fitting(arguments, in: context)
    if ListOptionArguments.asksFitting(arguments) {
      switch location {
      case .toyCategory, .storyAges, .search: break
      case .stories where !arguments[ListOptionArguments.fits]: break
      default:
        throw ShellError.usage(
          command: name,
          message: "--fits and --for work on a list of toys or stories, or on find results")
      }
    }
    if !listing.isEmpty {
      switch location {
      case .toyCategory, .storeCategory, .search: break
      case .storyAges:
        if listing.price != nil {
          throw ListOptionArguments.noPrices(command: name, in: location)
        }
      default:
        throw ShellError.usage(
          command: name,
          message:
            "--sort, --limit and --price work on a list of toys, stories or products, or on find results"
        )
      }
    }
    let report = try context.screens().report(
      for: location, posters: arguments[Self.posters], listing: listing,
      fetchesEpisodes: true, fitting: fitting)
    return CommandResult(report: report)
  }
}

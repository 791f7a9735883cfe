import ShelfStore

/// `ls [PATH] [--posters] [--sort ORDER] [--limit N] [--price MIN-MAX]`: lists a screen.
struct ListCommand: Command {
  static let path = CommandArgument(
    .path, optional: true, help: "the screen to list (default: here)")
  static let posters = CommandFlag(["--posters"], help: "draw posters beside shows")
  static let tracking = CommandOption(
    ["--tracking"], .choice("STATUS", of: TrackingStatus.self),
    help: "/favorites and /shows: the shows with this status")
  static let all = CommandFlag(
    ["--all"], help: "/upnext: paused, dropped and completed shows too")

  let name = "ls"
  let aliases = ["list", "dir"]
  let summary = "list a screen (default: here)"
  let signature = CommandSignature(
    arguments: [path.spec],
    options: [posters.spec] + ListOptionArguments.specs + [tracking.spec, all.spec])
  let discussion = """
    Lists the screen you are on, or the one PATH names; on a show it fetches its episodes
    (next and previous episode, the seasons). On /shows, --posters draws a small poster beside
    each show (on a colour terminal). On a list of toys, stories or products, or on find
    results: --sort name, price, age or relevance (the list's own order) orders the items, ties
    by name; --limit N shows the first N; --price 5-20 keeps toys and products priced 5 to 20.
    On /favorites, --sort rating puts the shows you rated highest first, and --tracking
    STATUS (watching, plan, paused, dropped or completed) keeps the shows with that status;
    on /shows, --tracking lists the shows you follow, rated, gave a status or watched that
    have it. On /upnext, --all keeps paused, dropped and completed shows.
    """
  let examples = [
    "ls", "ls /toys", "ls toys/building-blocks", "ls /toys/dolls --sort price --limit 3",
    "ls /store/games --price 10-25", "ls /shows --posters", "ls /favorites --tracking watching",
    "ls /favorites --sort rating", "ls /upnext --all",
  ]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let location =
      try arguments[Self.path].map { try context.resolvePath($0, command: name) }
      ?? context.location
    let listing = ListOptionArguments.read(arguments)
    let tracking = TrackingListing(status: arguments[Self.tracking], all: arguments[Self.all])
    if tracking.status != nil, location != .favorites, location != .shows {
      throw ShellError.usage(command: name, message: "--tracking works on /favorites and /shows")
    }
    if tracking.all, location != .upNext {
      throw ShellError.usage(command: name, message: "--all works on /upnext")
    }
    if !listing.isEmpty {
      switch location {
      case .toyCategory, .storeCategory, .search, .favorites: break
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
      fetchesEpisodes: true, tracking: tracking)
    return CommandResult(report: report)
  }
}

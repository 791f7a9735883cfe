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
  var signature: CommandSignature {
    CommandSignature(
      arguments: [Self.path.spec],
      options: [Self.posters.spec] + ListOptionArguments.specs + [
        Self.tracking.spec, Self.all.spec,
      ])
  }
  let discussion = """
    Lists the screen you are on, or the one PATH names; on a show it fetches its episodes
    (next and previous episode, the seasons). On /shows, --posters lists the same rows (with
    their order, filters and limit) with a small poster beside each, for the first 250 (on a
    color terminal; it fetches those posters only). Every list takes --sort ORDER (ties by name), --reverse,
    --limit N and the filters that apply to it; Tab offers a list's orders. Orders: toys
    name, price, age, id; stories name, age, reading, id; products name, price, id; categories
    name, count; shows name, rating, premiered, id; a season's episodes code, name, airdate,
    runtime; favorites name, kind, rating (yours), id; the cart name, quantity, price, total;
    up next name, airdate, left; find results relevance, name, price, age. Filters: --age on
    toys and stories, --price on toys and products, --kind on mixed lists, --genre, --status,
    --language and --rating on shows. On /favorites and /shows, --tracking STATUS (watching,
    plan, paused, dropped or completed) keeps the shows you follow with that status; on
    /upnext, --all keeps paused, dropped and completed shows, and --for NAME shows NAME's up
    next. With a child's profile active,
    toys and stories that fit their age are marked "fits", and shows that TVmaze files under
    Children or Family (its genres, not a content rating); --fits lists only those, and --for
    NAME uses another child's age.
    """
  /// Tab offers the options of the list PATH names (else the one here).
  func offers(_ option: OptionSpec, after words: [String], in context: CommandContext) -> Bool {
    let path = ParsedArguments.scan(words, options: options).lazy.compactMap { word -> String? in
      if case .positional(_, let text) = word { return text }
      return nil
    }.first
    let location = path.flatMap { try? context.resolvePath($0, command: name) } ?? context.location
    switch option.key {
    case Self.posters.spec.key: return location == .shows
    case Self.tracking.spec.key: return location == .shows || location == .favorites
    case Self.all.spec.key: return location == .upNext
    default: return ListOptionArguments.offers(option, at: location, in: context) ?? true
    }
  }

  let examples = [
    "ls", "ls /toys", "ls toys/building-blocks", "ls /toys/dolls --sort price --limit 3",
    "ls /store/electronics --price 10-25", "ls /shows --sort rating --limit 5",
    "ls /favorites --kind toy", "ls /shows --posters", "ls /favorites --tracking watching",
    "ls /favorites --sort rating", "ls /upnext --all",
  ]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let location =
      try arguments[Self.path].map { try context.resolvePath($0, command: name) }
      ?? context.location
    let tracking = TrackingListing(status: arguments[Self.tracking], all: arguments[Self.all])
    if tracking.status != nil, location != .favorites, location != .shows {
      throw ShellError.usage(command: name, message: "--tracking works on /favorites and /shows")
    }
    if tracking.all, location != .upNext {
      throw ShellError.usage(command: name, message: "--all works on /upnext")
    }
    // On /upnext, --for NAME is whose up next it is (anyone's, a child's or not).
    let person =
      location == .upNext
      ? try WithPeople.other(
        arguments[ListOptionArguments.forPerson], option: "--for", in: context, command: name)
      : nil
    // (There, --for is whose up next it is, and --fits is not taken.)
    let whose = location == .upNext && !arguments[ListOptionArguments.fits]
    let fitting =
      whose
      ? context.library.activeFitting() : try ListOptionArguments.fitting(arguments, in: context)
    let listing = ListOptionArguments.read(arguments, fitting: fitting)
    if !whose, ListOptionArguments.asksFitting(arguments) {
      switch location {
      case .toyCategory, .storyAges, .search, .shows, .favorites: break
      case .stories where !arguments[ListOptionArguments.fits]: break
      default:
        throw ShellError.usage(
          command: name,
          message:
            "--fits and --for work on a list of toys or stories, /shows, /favorites or find results"
        )
      }
    }
    if !listing.isEmpty {
      try ListOptionArguments.check(listing, at: location, command: name, in: context)
    }
    let report = try context.screens().report(
      for: location, posters: arguments[Self.posters], listing: listing,
      fetchesEpisodes: true, tracking: tracking, fitting: fitting, person: person)
    return CommandResult(report: report)
  }
}

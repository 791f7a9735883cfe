import ShelfDomain

/// `find [TEXT] [--min-age N] [--max-age N] [list options]`: searches the current section,
/// best match first; the results are a list like any other.
struct FindCommand: Command {
  static let text = CommandArgument(
    .text("TEXT"), optional: true, help: "words to search for (every one must match)")
  static let minimumAge = CommandOption(
    ["--min-age"], .integer("N", in: 0...AgeRange.maximumAge),
    help: "items for children of N or older")
  static let maximumAge = CommandOption(
    ["--max-age"], .integer("N", in: 0...AgeRange.maximumAge),
    help: "items for children of N or younger")
  static let online = CommandFlag(
    ["--online"], help: "(in /shows) ask TVmaze instead of the local list")
  static let fuzzy = CommandFlag(
    ["--fuzzy"], help: "list near spellings however many close matches there are")

  let name = "find"
  let aliases = ["search"]
  let summary = "search this section (everything from /); results are a screen"
  var signature: CommandSignature {
    CommandSignature(
      arguments: [Self.text.spec],
      options: [Self.minimumAge.spec, Self.maximumAge.spec] + ListOptionArguments.specs + [
        Self.fuzzy.spec, Self.online.spec,
      ])
  }
  let discussion = """
    Searches names, brands and descriptions of toys, titles and authors of stories, names and
    descriptions of products and names and genres of shows, ignoring case and accents; every
    word must match. Best matches come first: the word itself, then a word starting with it,
    then a word containing it, then a near spelling of it (one edit from 4 letters, two from 8;
    a swap of two neighbouring letters is one edit; a number matches only itself), ties by
    name. Near spellings are marked ~ (JSON "match": "typo"); when five or more results match
    more closely they are left out and counted ("and 8 near spellings: find bear --fuzzy"),
    and --fuzzy lists them.
    --age 3-6 keeps items whose age range overlaps 3 to 6; --min-age and --max-age set one
    end. --price 5-20 keeps toys and products priced 5 to 20; --kind toy keeps one kind (from
    /). --sort name, price or age changes the order, --reverse turns it round, --limit N shows
    the first N. With a child's profile active, what fits their age is marked "fits" (in
    /shows and /favorites, shows TVmaze files under Children or Family); --fits keeps only
    that, --for NAME uses another child's age. The results show the section's
    columns (ages and price for toys) and are a screen: "open" an item from it, "back" returns.
    """
  let examples = [
    "find bear", "find dinosuar", "find --age 3-6", "find puzzle --max-age 4",
    "find wooden --price 10-30 --sort price --limit 5", "find etoile",
    "find bear --kind toy", "cd /toys/Dolls; find doll --sort price", "find bear --fuzzy",
  ]

  /// Tab offers the options find's results take in this section.
  func offers(_ option: OptionSpec, after words: [String], in context: CommandContext) -> Bool {
    let scope = context.location.sectionRoot
    let results = Location.search(scope: scope, search: Search(text: "", request: ListRequest()))
    switch option.key {
    case Self.online.spec.key: return scope == .shows
    case Self.minimumAge.spec.key, Self.maximumAge.spec.key:
      return SearchResults.capabilities(in: scope).filters.contains(.age)
    default: return ListOptionArguments.offers(option, at: results, in: context) ?? true
    }
  }

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    if arguments[Self.online] { return try searchOnline(arguments, in: context) }
    var request = ListOptionArguments.read(arguments)
    let fitting = try ListOptionArguments.fitting(arguments, in: context)
    let scope = context.location.sectionRoot
    var minimum = arguments[Self.minimumAge] ?? request.ages?.minimum
    var maximum = arguments[Self.maximumAge] ?? request.ages?.maximum
    if let minimum, let maximum, minimum > maximum {
      throw ShellError.usage(
        command: name, message: "the minimum age \(minimum) is above the maximum \(maximum)")
    }
    if fitting.only, let age = fitting.age {
      guard minimum == nil && maximum == nil else {
        throw ShellError.usage(
          command: name, message: "--fits and --age are two ways to say it: give one")
      }
      if scope == .shows || scope == .favorites {
        // Shows fit by their genres: what fits is kept from the results.
        request.filters.append(.fits(name: fitting.name ?? "", age: age))
      } else {
        // What fits a child of 4 is what an age window of 4-4 keeps: a range that holds 4.
        minimum = age
        maximum = age
      }
    }
    var checked = request
    if minimum != nil || maximum != nil, request.ages == nil,
      let ages = AgeRange(minimum: minimum ?? 0, maximum: maximum ?? AgeRange.maximumAge)
    {
      checked.filters.append(.age(ages))  // --min-age and --max-age are age filters too
    }
    let search = Search(
      text: arguments[Self.text] ?? "", minimumAge: minimum, maximumAge: maximum,
      request: request, fuzzy: arguments[Self.fuzzy])
    let results = Location.search(scope: scope, search: search)
    // --min-age and --max-age are refused by the name typed, not as --age.
    let ends = [(Self.minimumAge, "--min-age"), (Self.maximumAge, "--max-age")]
    if request.ages == nil, let option = ends.first(where: { arguments[$0.0] != nil })?.1,
      let capabilities = context.screens().capabilities(at: results),
      !capabilities.filters.contains(.age)
    {
      throw capabilities.refusal(of: option, command: name, path: results.path)
    }
    try ListOptionArguments.check(checked, at: results, command: name, in: context)
    return CommandResult(
      report: try context.screens().report(for: results, fitting: fitting),
      navigation: .go(results))
  }

  private func searchOnline(_ arguments: ParsedArguments, in context: CommandContext) throws
    -> CommandResult
  {
    guard context.location.sectionRoot == .shows else {
      throw ShellError.onlyIn(command: "find --online", place: "/shows", hint: "it searches TVmaze")
    }
    let text = arguments[Self.text] ?? ""
    guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw ShellError.usage(command: name, message: "--online needs TEXT to search for")
    }
    _ = try context.fetching(action: "") { try context.library.searchOnline(text) }
    let results = Location.onlineSearch(text)
    return CommandResult(
      report: try context.screens().report(for: results), navigation: .go(results))
  }
}

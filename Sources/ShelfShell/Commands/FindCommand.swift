import ShelfCatalog

/// `find [TEXT] [--age MIN-MAX] [--min-age N] [--max-age N] [--price MIN-MAX] [--sort ORDER]
/// [--limit N]`: searches the current section, best match first.
struct FindCommand: Command {
  static let text = CommandArgument(
    .text("TEXT"), optional: true, help: "words to search for (every one must match)")
  static let ages = CommandOption(["--age"], .ages, help: "items whose ages overlap this range")
  static let minimumAge = CommandOption(
    ["--min-age"], .integer("N", in: 0...AgeRange.maximumAge),
    help: "items for children of N or older")
  static let maximumAge = CommandOption(
    ["--max-age"], .integer("N", in: 0...AgeRange.maximumAge),
    help: "items for children of N or younger")
  static let online = CommandFlag(
    ["--online"], help: "(in /shows) ask TVmaze instead of the local list")

  let name = "find"
  let aliases = ["search"]
  let summary = "search this section (everything from /); results are a screen"
  let signature = CommandSignature(
    arguments: [text.spec],
    options: [ages.spec, minimumAge.spec, maximumAge.spec] + ListOptionArguments.specs + [
      online.spec
    ])
  let discussion = """
    Searches names, brands and descriptions of toys, titles and authors of stories, names and
    descriptions of products and names and genres of shows, ignoring case and accents; every
    word must match. Best matches come first: the word itself, then a word starting with it,
    then a word containing it, then a typo of it (one edit from 4 letters, two from 8; a swap
    of two neighbouring letters is one edit; a number matches only itself), ties by name.
    --age 3-6 keeps items whose age range overlaps 3 to 6; --min-age and --max-age set one
    end. --price 5-20 keeps toys and products priced 5 to 20. --sort name, price or age
    changes the order; --limit N shows the first N. With a child's profile active, what fits
    their age is marked "fits"; --fits keeps only that, --for NAME uses another child's age.
    The results are a screen: "open" an item from it, "back" returns.
    """
  let examples = [
    "find bear", "find dinosuar", "find --age 3-6", "find puzzle --max-age 4",
    "find wooden --price 10-30 --sort price --limit 5", "cd /; find etoile",
  ]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    if arguments[Self.online] { return try searchOnline(arguments, in: context) }
    let ages = arguments[Self.ages]
    let minimum = arguments[Self.minimumAge] ?? ages?.minimum
    let maximum = arguments[Self.maximumAge] ?? ages?.maximum
    if let minimum, let maximum, minimum > maximum {
      throw ShellError.usage(
        command: name, message: "the minimum age \(minimum) is above the maximum \(maximum)")
    }
    let listOptions = ListOptionArguments.read(arguments)
    let fitting = try ListOptionArguments.fitting(arguments, in: context)
    if fitting.only, minimum != nil || maximum != nil {
      throw ShellError.usage(
        command: name, message: "--fits and --age are two ways to say it: give one")
    }
    // What fits a child of 4 is what an age window of 4-4 keeps: a range that holds 4.
    let query = CatalogQuery(
      text: arguments[Self.text] ?? "", minimumAge: fitting.only ? fitting.age : minimum,
      maximumAge: fitting.only ? fitting.age : maximum, options: listOptions)
    let scope = context.location.section
    if listOptions.price != nil, scope == .stories || scope == .shows {
      throw ListOptionArguments.noPrices(command: name, in: scope)
    }
    if query.minimumAge != nil || query.maximumAge != nil, scope == .store || scope == .shows {
      throw ShellError.usage(
        command: name, message: "products and shows have no ages; --age works for toys and stories")
    }
    if fitting.only, scope == .store || scope == .shows {
      throw ShellError.usage(
        command: name, message: "products and shows have no ages; --fits works for toys and stories"
      )
    }
    let results = Location.search(scope: scope, query: query)
    return CommandResult(
      report: try context.screens().report(for: results, fitting: fitting),
      navigation: .go(results))
  }

  private func searchOnline(_ arguments: ParsedArguments, in context: CommandContext) throws
    -> CommandResult
  {
    guard context.location.section == .shows else {
      throw ShellError.onlyIn(command: "find --online", place: "/shows", hint: "it searches TVmaze")
    }
    let text = arguments[Self.text] ?? ""
    guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw ShellError.usage(command: name, message: "--online needs TEXT to search for")
    }
    _ = try context.fetching(action: "find --online") { try context.library.searchOnline(text) }
    let results = Location.onlineSearch(text)
    return CommandResult(
      report: try context.screens().report(for: results), navigation: .go(results))
  }
}

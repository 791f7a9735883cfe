import ShelfCatalog

/// `find [TEXT] [--age MIN-MAX] [--min-age N] [--max-age N] [--price MIN-MAX] [--sort ORDER]
/// [--limit N]`: searches the current section, best match first.
struct FindCommand: Command {
  let name = "find"
  let aliases = ["search"]
  let summary = "search this section (everything from /); results are a screen"
  let usage =
    "find [TEXT] [--age MIN-MAX] [--min-age N] [--max-age N] [--price MIN-MAX] [--sort ORDER] [--limit N] [--online]"
  let discussion = """
    Searches names, brands and descriptions of toys, titles and authors of stories, names and
    descriptions of products and names and genres of shows, ignoring case and accents; every
    word must match. Best matches come first: the word itself, then a word starting with it,
    then a word containing it, then a typo of it (one edit from 4 letters, two from 8; a swap
    of two neighbouring letters is one edit; a number matches only itself), ties by name.
    --age 3-6 keeps items whose age range overlaps 3 to 6; --min-age and --max-age set one
    end. --price 5-20 keeps toys and products priced 5 to 20. --sort name, price or age
    changes the order; --limit N shows the first N. The results are a screen: "open" an item
    from it, "back" returns.
    """
  let examples = [
    "find bear", "find dinosuar", "find --age 3-6", "find puzzle --max-age 4",
    "find wooden --price 10-30 --sort price --limit 5", "cd /; find etoile",
  ]
  let options =
    [
      OptionSpec(
        ["--age"], value: "MIN-MAX", help: "ages overlapping MIN to MAX",
        completion: .suggestions(["0-2", "3-5", "6-8", "9-12"])),
      OptionSpec(["--min-age"], value: "N", help: "items for children of N or older"),
      OptionSpec(["--max-age"], value: "N", help: "items for children of N or younger"),
    ] + ListOptionArguments.specs + [
      OptionSpec(["--online"], help: "(in /shows) ask TVmaze instead of the local list")
    ]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    if arguments.has("--online") { return try searchOnline(arguments, in: context) }
    var minimum: Int?
    var maximum: Int?
    if let age = arguments.value("--age") {
      guard let range = AgeRange(parsing: age) else {
        throw ShellError.usage(
          command: name, message: "--age takes MIN-MAX such as 3-6, not \"\(age)\"")
      }
      minimum = range.minimum
      maximum = range.maximum
    }
    if let text = arguments.value("--min-age") { minimum = try age(text, option: "--min-age") }
    if let text = arguments.value("--max-age") { maximum = try age(text, option: "--max-age") }
    if let minimum, let maximum, minimum > maximum {
      throw ShellError.usage(
        command: name, message: "the minimum age \(minimum) is above the maximum \(maximum)")
    }
    let listOptions = try ListOptionArguments.parse(arguments, command: name)
    let query = CatalogQuery(
      text: arguments.positional.joined(separator: " "), minimumAge: minimum, maximumAge: maximum,
      options: listOptions)
    let scope = context.location.section
    if listOptions.price != nil, scope == .stories || scope == .shows {
      throw ListOptionArguments.noPrices(command: name, in: scope)
    }
    if query.minimumAge != nil || query.maximumAge != nil, scope == .store || scope == .shows {
      throw ShellError.usage(
        command: name, message: "products and shows have no ages; --age works for toys and stories")
    }
    let results = Location.search(scope: scope, query: query)
    return CommandResult(
      report: try context.screens().report(for: results), navigation: .go(results))
  }

  private func searchOnline(_ arguments: ParsedArguments, in context: CommandContext) throws
    -> CommandResult
  {
    guard context.location.section == .shows else {
      throw ShellError.onlyIn(command: "find --online", place: "/shows", hint: "it searches TVmaze")
    }
    let text = arguments.positional.joined(separator: " ")
    guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw ShellError.usage(command: name, message: "--online needs TEXT to search for")
    }
    _ = try context.fetching(action: "find --online") { try context.library.searchOnline(text) }
    let results = Location.onlineSearch(text)
    return CommandResult(
      report: try context.screens().report(for: results), navigation: .go(results))
  }

  private func age(_ text: String, option: String) throws -> Int {
    guard let value = Int(text), (0...AgeRange.maximumAge).contains(value) else {
      throw ShellError.usage(
        command: name, message: "\(option) takes an age from 0 to 99, not \"\(text)\"")
    }
    return value
  }
}

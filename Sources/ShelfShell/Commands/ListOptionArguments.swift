import ShelfCatalog

/// `--sort`, `--limit` and `--price`, shared by `ls` and `find`: their declarations and the
/// parsing of their values into `ListOptions`, with one-line errors for bad values.
enum ListOptionArguments {
  static let specs = [
    OptionSpec(
      ["--sort"], value: "ORDER", help: "name, price, age or relevance (find: best match first)",
      completion: .suggestions(CatalogSort.allCases.map(\.rawValue))),
    OptionSpec(["--limit"], value: "N", help: "show the first N items"),
    OptionSpec(["--price"], value: "MIN-MAX", help: "toys and products priced MIN to MAX"),
  ]

  static func parse(_ arguments: ParsedArguments, command: String) throws -> ListOptions {
    var options = ListOptions()
    if let text = arguments.value("--sort") {
      guard let sort = CatalogSort(rawValue: text.lowercased()) else {
        throw ShellError.usage(
          command: command,
          message: "--sort takes name, price, age or relevance, not \"\(text)\"")
      }
      options.sort = sort
    }
    if let text = arguments.value("--limit") {
      guard let limit = Int(text), limit > 0 else {
        throw ShellError.usage(
          command: command, message: "--limit takes a number of items from 1, not \"\(text)\"")
      }
      options.limit = limit
    }
    if let text = arguments.value("--price") {
      guard let range = PriceRange(parsing: text) else {
        throw ShellError.usage(
          command: command,
          message:
            "--price takes MIN-MAX such as 5-20 or 4.50-12.99 (MIN not above MAX), not \"\(text)\""
        )
      }
      options.price = range
    }
    return options
  }

  /// The error for `--price` where nothing has a price.
  static func noPrices(command: String, in location: Location) -> ShellError {
    .usage(
      command: command,
      message: "\(location.path) has no prices; --price works for toys and products")
  }
}

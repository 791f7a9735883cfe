import ShelfCatalog

/// `--sort`, `--limit` and `--price`, shared by `ls` and `find`: declared once, read into
/// `ListOptions`.
enum ListOptionArguments {
  static let sort = CommandOption(
    ["--sort"], .choice("ORDER", of: CatalogSort.self),
    help: "the order (find: best match first by default)")
  static let limit = CommandOption(
    ["--limit"], .integer("N", in: 1...Int.max), help: "show the first N items")
  static let price = CommandOption(
    ["--price"], .prices, help: "toys and products priced in this range")

  static let specs = [sort.spec, limit.spec, price.spec]

  static func read(_ arguments: ParsedArguments) -> ListOptions {
    ListOptions(sort: arguments[sort], limit: arguments[limit], price: arguments[price])
  }

  /// The error for `--price` where nothing has a price.
  static func noPrices(command: String, in location: Location) -> ShellError {
    .usage(
      command: command,
      message: "\(location.path) has no prices; --price works for toys and products")
  }
}

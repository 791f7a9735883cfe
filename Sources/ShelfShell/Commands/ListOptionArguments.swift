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

  static let fits = CommandFlag(
    ["--fits"], help: "only the toys and stories that fit the child (the active one, or --for)")
  static let forPerson = CommandOption(
    ["--for"], .profile, help: "mark what fits NAME, a child, instead of the active profile")

  static let specs = [sort.spec, limit.spec, price.spec, fits.spec, forPerson.spec]

  static func read(_ arguments: ParsedArguments) -> ListOptions {
    ListOptions(sort: arguments[sort], limit: arguments[limit], price: arguments[price])
  }

  /// Whose age marks what fits: `--for NAME`, else the active profile; `--fits` needs a child.
  static func fitting(_ arguments: ParsedArguments, in context: CommandContext) throws
    -> Fitting
  {
    let library = context.library
    var fitting = library.activeFitting()
    if let given = arguments[forPerson] {
      let person = try library.profile(named: given)
      guard let age = library.age(of: person) else {
        throw ShellError.household(
          command: arguments.command,
          message:
            "--for \(person.name): \(person.name) is an adult (no --born); give a child's name")
      }
      fitting = Fitting(name: person.name, age: age)
    }
    if arguments[fits] {
      guard fitting.age != nil else {
        throw ShellError.household(
          command: arguments.command,
          message:
            "--fits needs a child: \(library.userData.active.name) is an adult (\"profile use NAME\" or --for NAME)"
        )
      }
      fitting.only = true
    }
    return fitting
  }

  /// Whether `--fits` or `--for` was given.
  static func asksFitting(_ arguments: ParsedArguments) -> Bool {
    arguments[fits] || arguments[forPerson] != nil
  }

  /// The error for `--price` where nothing has a price.
  static func noPrices(command: String, in location: Location) -> ShellError {
    .usage(
      command: command,
      message: "\(location.path) has no prices; --price works for toys and products")
  }
}

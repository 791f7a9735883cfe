import ShelfDomain

/// The options of every list, shared by `ls`, `find` and the commands that show a list:
/// `--sort`, `--reverse`, `--limit` and the filters. Declared once; each list's declaration says
/// which orders and filters apply to it (`ListCapabilities`), and the command checks that.
enum ListOptionArguments {
  static let sort = CommandOption(
    ["--sort"],
    ValueType(placeholder: "ORDER", accepts: "", completion: .listOrders) { $0.lowercased() },
    help: "the order (help ls names each list's)")
  static let reverse = CommandFlag(["--reverse"], help: "the other way round")
  static let limit = CommandOption(
    ["--limit"], .integer("N", in: 1...Int.max), help: "show the first N")
  static let age = CommandOption(["--age"], .ages, help: "items whose ages overlap this range")
  static let price = CommandOption(
    ["--price"], .prices, help: "toys and products priced in this range")
  static let kind = CommandOption(["--kind"], .choice("KIND", of: ItemKind.self), help: "one kind")
  static let genre = CommandOption(
    ["--genre"], .word("GENRE"), help: "shows of this genre (Drama, Comedy…)")
  static let status = CommandOption(
    ["--status"], .word("STATUS"), help: "shows with TVmaze's status (Running, Ended…)")
  static let language = CommandOption(
    ["--language"], .word("LANGUAGE"), help: "shows in this language (English…)")
  static let rating = CommandOption(
    ["--rating"],
    ValueType(
      placeholder: "MIN[-MAX]", accepts: "MIN or MIN-MAX from 0 to 10, such as 7 or 6.5-8"
    ) { RatingRange(parsing: $0) }, help: "shows rated in this range")

  static let columns = CommandOption(
    ["--columns"], .keys, help: "only these keys of the rows, in this order (any format)")

  static let fits = CommandFlag(
    ["--fits"],
    help: "only what fits the child (the active one, or --for): toys and stories by age, shows"
      + " TVmaze files under Children or Family")
  static let forPerson = CommandOption(
    ["--for"], .profile, help: "mark what fits NAME, a child, instead of the active profile")

  /// Every list option, in the order `help` lists them.
  static let specs = [
    sort.spec, reverse.spec, limit.spec, age.spec, price.spec, kind.spec, genre.spec, status.spec,
    language.spec, rating.spec, fits.spec, forPerson.spec, columns.spec,
  ]

  /// Whether the list at `location` takes `option`, for Tab; nil when it is not a list option.
  static func offers(_ option: OptionSpec, at location: Location, in context: CommandContext)
    -> Bool?
  {
    guard specs.contains(where: { $0.key == option.key }) else { return nil }
    guard let capabilities = context.screens().capabilities(at: location) else { return false }
    let filters: [String: ListFilterKind] = [
      age.spec.key: .age, price.spec.key: .price, kind.spec.key: .kind, genre.spec.key: .genre,
      status.spec.key: .status, language.spec.key: .language, rating.spec.key: .rating,
    ]
    if let filter = filters[option.key] { return capabilities.filters.contains(filter) }
    if option.key == forPerson.spec.key, location == .upNext { return true }
    if option.key == fits.spec.key || option.key == forPerson.spec.key {
      return capabilities.filters.contains(.age) || location.sectionRoot == .shows
    }
    return true
  }

  /// Refuses a request the list at `location` does not take, naming what it takes.
  static func check(
    _ request: ListRequest, at location: Location, command: String, in context: CommandContext
  ) throws {
    guard let capabilities = context.screens().capabilities(at: location) else {
      throw ShellError.usage(
        command: command,
        message: "\(location.path) is not a list: --sort, --limit and the filters work on lists")
    }
    if let problem = capabilities.problem(with: request, command: command, path: location.path) {
      throw problem
    }
  }

  /// The request the options make.
  static func read(_ arguments: ParsedArguments) -> ListRequest {
    var filters: [ListFilter] = []
    if let ages = arguments[age] { filters.append(.age(ages)) }
    if let prices = arguments[price] { filters.append(.price(prices)) }
    if let kind = arguments[kind] { filters.append(.kind(kind)) }
    if let genre = arguments[genre] { filters.append(.genre(genre)) }
    if let status = arguments[status] { filters.append(.status(status)) }
    if let language = arguments[language] { filters.append(.language(language)) }
    if let rating = arguments[rating] { filters.append(.rating(rating)) }
    return ListRequest(
      sort: arguments[sort], reverse: arguments[reverse], limit: arguments[limit],
      filters: filters)
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
        let who =
          person.id == library.userData.active.id ? "you are" : "\(person.name) is"
        throw ShellError.household(
          command: arguments.command,
          message: "--for \(person.name): \(who) an adult (no --born); give a child's name")
      }
      fitting = Fitting(name: person.name, age: age)
    }
    if arguments[fits] {
      guard fitting.age != nil else {
        throw ShellError.household(
          command: arguments.command,
          message:
            "--fits needs a child, and you are an adult (\"profile use NAME\" or --for NAME)"
        )
      }
      fitting.only = true
    }
    return fitting
  }

  /// The request with `--fits` as the filter it is: an age the item's range must hold.
  static func read(_ arguments: ParsedArguments, fitting: Fitting) -> ListRequest {
    var request = read(arguments)
    if fitting.only, let age = fitting.age {
      request.filters.append(.fits(name: fitting.name ?? "", age: age))
    }
    return request
  }

  /// Whether `--fits` or `--for` was given.
  static func asksFitting(_ arguments: ParsedArguments) -> Bool {
    arguments[fits] || arguments[forPerson] != nil
  }
}

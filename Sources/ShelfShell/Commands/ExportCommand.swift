import ShelfDomain
import ShelfImport
import ShelfStore

/// `export [favorites|cart|watched|all]`: the user's state as one JSON document;
/// `export --as yamtrack`: a person's shows as Yamtrack's CSV.
struct ExportCommand: Command {
  /// What `--as` writes.
  enum Format: String, CaseIterable, Sendable {
    case json, yamtrack
  }

  static let scope = CommandArgument(
    .choice(of: UserDataExport.Scope.self), optional: true, help: "what to export (default: all)")
  static let profile = CommandOption(
    ["--profile"], .profile, help: "only this person's (favorites, watched or all)")
  static let format = CommandOption(
    ["--as"], .choice("FORMAT", of: Format.self),
    help: "json (shelf's own, the default) or yamtrack (a person's shows as Yamtrack's CSV)")

  let name = "export"
  let summary = "print the household's and every profile's data as JSON"
  var signature: CommandSignature {
    CommandSignature(
      arguments: [Self.scope.spec], options: [Self.profile.spec, Self.format.spec])
  }
  let discussion = """
    Prints one JSON document of that state (all by default) on standard output, with or
    without --json. all is everything the household and its people made: the cart, the
    settings, and each person (name, birth month, favorites, watched marks with their times,
    statuses, show and episode ratings, stories read, wish list, claims, last positions, the
    spoilers choice, the last "new"), each change with its time; favorites, watched and cart
    are that part alone, the active profile's; --profile NAME exports one person's. What is
    hidden from you is left out: the claims on your own wish list, cart lines bought for you.
    Save it with `shelf -c export > shelf.json` and read it back elsewhere with
    `import shelf.json`.
    --as yamtrack writes the active person's shows (--profile NAME: that person's) as the CSV
    Yamtrack imports: each show with its status and rating, its seasons, and each episode
    watched with its time and rating. Yamtrack has no TVmaze ids, so the shows are its
    "manual" items with their TVmaze, TheTVDB and IMDb ids in the notes; `import --from
    yamtrack` reads them back.
    """
  let examples = [
    "export", "export favorites", "export --profile Mia", "shelf -c \"export cart\" > cart.json",
    "shelf -c 'export --as yamtrack' > shows.csv",
  ]
  let exampleSetup = ["profile add Mia --born 2019-05"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let scope = arguments[Self.scope] ?? .all
    let profile = try arguments[Self.profile].map { try context.library.profile(named: $0) }
    if arguments[Self.format] == .yamtrack {
      guard arguments[Self.scope] == nil else {
        throw ShellError.usage(
          command: name, message: "--as yamtrack writes a person's shows; give no scope")
      }
      return CommandResult(report: Report(try yamtrack(profile, context: context)))
    }
    if profile != nil, scope == .cart {
      throw ShellError.usage(
        command: name,
        message: "the cart is the household's; --profile goes with favorites, watched or all")
    }
    let export = try UserDataTransfer(data: context.library.userData).export(
      scope, profile: profile)
    return CommandResult(
      report: Report(ExportScreen(export: export, text: try UserDataTransfer.text(of: export))))
  }
}

extension ExportCommand {
  /// A person's shows as Yamtrack's CSV: every favourite, and every show with marks, a status
  /// or a rating.
  fileprivate func yamtrack(_ profile: ProfileRecord?, context: CommandContext) throws
    -> YamtrackExportScreen
  {
    let library = context.library
    let person = profile.map(library.userData.person(for:)) ?? library.userData.person
    let favorites = try person.favorites.read().shows
    let watched = try person.watched.read()
    let tracking = try person.tracking.read()
    var ids = favorites.map(\.id)
    for id in watched.shows.map(\.showId) + tracking.showIDs where !ids.contains(id) {
      ids.append(id)
    }
    let saved = Dictionary(favorites.map { ($0.id, $0) }) { first, _ in first }
    let episodeRatings = Dictionary(grouping: tracking.episodes, by: \.showId)
    let records = try ids.map { id in
      YamtrackWriter.ShowRecord(
        show: try saved[id] ?? library.show(id: id) ?? Show(id: id, name: "TVmaze show \(id)"),
        status: tracking.status(of: id), rating: tracking.rating(ofShow: id),
        marks: watched.episodes(show: id),
        episodeRatings: Dictionary(
          (episodeRatings[id] ?? []).map { ($0.id, $0.rating) }
        ) { first, _ in first })
    }
    return YamtrackExportScreen(csv: YamtrackWriter.shows(records))
  }
}

/// Yamtrack's CSV, printed as it is (`--json`: `{"csv": …}`).
struct YamtrackExportScreen: Screen {
  let csv: String

  var cutsLongFields: Bool { false }

  var blocks: [Block] { [.verbatim(csv)] }
}

/// An export: the same JSON document in text and with `--json`, never cut (it is data to
/// import, not a listing to read).
struct ExportScreen: Screen {
  let export: UserDataExport
  /// The document as one line of ASCII JSON.
  let text: String

  var cutsLongFields: Bool { false }

  func encode(to encoder: Encoder) throws { try export.encode(to: encoder) }

  var blocks: [Block] { [.verbatim(text)] }
}

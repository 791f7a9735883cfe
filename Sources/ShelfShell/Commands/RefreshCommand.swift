import ShelfDomain
import ShelfStore
import ShelfTV

/// `refresh [--all [--max-pages N]]`: brings the show store up to date from TVmaze.
struct RefreshCommand: Command {
  static let all = CommandFlag(["--all"], help: "every page of the index (resumable)")
  static let maxPages = CommandOption(
    ["--max-pages"], .integer("N", in: 1...Int.max), help: "stop after N pages", requires: all)

  let name = "refresh"
  let summary = "(shows) fetch the show list from TVmaze and update the local copy"
  var signature: CommandSignature {
    CommandSignature(options: [Self.all.spec, Self.maxPages.spec])
  }
  let discussion = """
    Without a full index, fetches the first page of TVmaze's show index (250 shows) and merges
    it into the show store; /shows lists it from then on, offline too. Once "refresh --all" has
    completed, a plain refresh asks TVmaze which shows changed since the last sync and fetches
    only those (and any new pages), printing how many are new, updated and unchanged.
    --all walks every page until the end (at most 2,000), each page saved as it arrives, with a
    progress line per page; --max-pages N stops after N pages. Ctrl-C stops it after the
    current page; a pass stopped for any reason goes on from there next time.
    A refresh never removes shows, and a failed fetch changes nothing.
    """
  let examples = ["refresh", "refresh --all", "refresh --all --max-pages 10"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let shows = context.library.shows
    let maxPages = arguments[Self.maxPages]
    let outcome: RefreshOutcome
    if arguments[Self.all] {
      outcome = try context.fetching(action: "") {
        try shows.refreshAll(maxPages: maxPages) { page, total in
          context.progress(
            "refresh: page \(page) fetched, \(Thousands.counted(total, "shows")) so far")
          if context.interrupted() {
            throw ShellError.cancelled(
              "interrupted after page \(page); \"refresh --all\" goes on from there")
          }
        }
      }
    } else {
      outcome = try context.fetching(action: "") { try shows.refresh() }
    }
    // Favourite shows keep a copy for offline use: it follows what the refresh brought.
    do {
      try context.library.updateSavedFavoriteShows()
    } catch let error as StoreError {
      context.library.warn("copies of favorite shows not updated: \(error)")
    }
    return CommandResult(report: .message(Self.message(outcome)))
  }

  static func message(_ outcome: RefreshOutcome) -> String {
    var text: String
    switch outcome.kind {
    case .firstPage:
      text =
        "Fetched \(Thousands.counted(outcome.fetched, "shows")) from TVmaze; /shows lists them from now on."
    case .fullPass:
      text =
        "Fetched \(Thousands.counted(outcome.fetched, "shows")) from TVmaze; /shows lists \(Thousands.grouped(outcome.total))."
      if let next = outcome.nextPage {
        text += " Stopped before page \(next); \"refresh --all\" goes on from there."
      }
    case .incremental:
      text =
        "\(Thousands.grouped(outcome.new)) new, \(Thousands.grouped(outcome.updated)) updated, "
        + "\(Thousands.grouped(outcome.unchanged)) unchanged "
        + "(\(Thousands.counted(outcome.total, "shows")))."
    }
    if outcome.skipped > 0 {
      text += " Skipped \(Thousands.counted(outcome.skipped, "shows")) without a required field."
    }
    return text
  }
}

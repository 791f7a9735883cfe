/// `refresh [--all]`: fetches the show list from TVmaze and keeps it as the local copy.
struct RefreshCommand: Command {
  let name = "refresh"
  let summary = "(shows) fetch the show list from TVmaze and update the local copy"
  let usage = "refresh [--all]"
  let discussion = """
    Fetches the first page of TVmaze's show index (250 shows) and keeps it in the data
    directory; /shows lists it from then on, offline too. --all walks every page until the end,
    printing a progress line per page; Ctrl-C stops it after the current page, and if it stops
    half-way for any reason it continues from there next time.
    A failed refresh changes nothing.
    """
  let examples = ["refresh", "refresh --all"]
  let options = [OptionSpec(["--all"], help: "every page of the index (resumable)")]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    guard arguments.positional.isEmpty else {
      throw ShellError.takesNoArguments(command: name)
    }
    let shows = context.library.shows
    let count: Int
    if arguments.has("--all") {
      count = try context.fetching(action: "refresh --all") {
        try shows.refreshAll { page, total in
          context.progress("refresh: page \(page) fetched, \(total) shows so far")
          if context.interrupted() {
            throw ShellError.cancelled(
              "refresh --all (interrupted after page \(page); \"refresh --all\" goes on from there)"
            )
          }
        }
      }
    } else {
      count = try context.fetching(action: "refresh") { try shows.refresh() }
    }
    let text = "Fetched \(count) shows from TVmaze; /shows lists them from now on."
    return CommandResult(report: .message(text))
  }
}

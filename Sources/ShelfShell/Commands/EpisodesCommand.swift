import ShelfCatalog

/// `episodes [REF]`: every episode of a show, season by season.
struct EpisodesCommand: Command {
  let name = "episodes"
  let summary = "(shows) every episode of a show, season by season"
  let signature = CommandSignature(arguments: [ItemArgument.optional.spec])
  let discussion = """
    REF is a show (its id or name, or show:ID); on a show's screens it defaults to that show.
    Episodes are fetched from TVmaze on first use and kept, and fetched again only when the
    show changes; a favourite show's episodes are saved with it and work offline.
    """
  let examples = ["episodes", "episodes 1", "episodes show:1"]
  let exampleSetup = ["cd /shows/1"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let show = try context.resolveShow(arguments[ItemArgument.optional], command: name)
    let watched = try context.library.userData.watched.read()
    let marks = Set(watched.episodes(show: show.id).map(\.id))
    let episodes = EpisodeGuide(try context.episodes(of: show)).episodes
    return CommandResult(
      report: Report(
        EpisodeListScreen(
          path: "/shows/\(show.id)", showId: show.id,
          rows: episodes.map { EpisodeModel($0, show: show, watched: marks.contains($0.id)) },
          showName: show.name)))
  }
}

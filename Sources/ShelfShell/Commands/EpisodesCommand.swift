import ShelfDomain

/// `episodes [REF]`: every episode of a show, season by season.
struct EpisodesCommand: Command {
  let name = "episodes"
  let summary = "(shows) every episode of a show, season by season"
  var signature: CommandSignature {
    CommandSignature(arguments: [ItemArgument.optional.spec])
  }
  let discussion = """
    REF is a show (its id or name, or show:ID); on a show's screens it defaults to that show.
    Episodes are fetched from TVmaze on first use and kept, and fetched again only when the
    show changes; a favourite show's episodes are saved with it and work offline.
    """
  let examples = ["cd /shows/1; episodes", "cd /shows; episodes 1", "episodes show:1"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let show = try context.resolveShow(arguments[ItemArgument.optional], command: name)
    let library = context.library
    let facts = try library.trackingFacts()
    let marks = facts.watchedIDs(show: show.id)
    let guide = EpisodeGuide(try context.episodes(of: show))
    let hidden = try library.spoilerShield().hidden(guide, watched: marks)
    return CommandResult(
      report: Report(
        EpisodeListScreen(
          path: "/shows/\(show.id)", showId: show.id,
          rows: guide.episodes.map {
            EpisodeRow(
              $0, show: show, watched: marks.contains($0.id), hidden: hidden.contains($0.id),
              myRating: facts.rating(ofEpisode: $0.id))
          },
          showName: show.name)))
  }
}

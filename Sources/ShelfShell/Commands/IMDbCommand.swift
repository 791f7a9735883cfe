/// `imdb [REF]`: opens the show's IMDb page in the default browser.
struct IMDbCommand: Command {
  let name = "imdb"
  let summary = "(shows) open the show's IMDb page in the browser"
  var signature: CommandSignature {
    CommandSignature(arguments: [ItemArgument.optional.spec])
  }
  let discussion = """
    Opens https://www.imdb.com/title/<imdb id> with $BROWSER, xdg-open or open, started directly
    (never through a shell), and only for a well-formed IMDb id.
    """
  let examples = ["cd /shows/1; imdb", "cd /shows; imdb 1", "imdb show:1"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let entry = try context.resolveItem(arguments[ItemArgument.optional], command: name)
    let item = entry.item
    guard item.kind == .show, let show = try context.library.show(id: item.id)
    else { throw ShellError.wrongKind(command: name, name: entry.name, needs: "is not a TV show") }
    guard let url = show.imdbURL else { throw ShellError.noIMDb("\"\(show.name)\"") }
    try context.opener.open(url)
    return CommandResult(report: Report(OpenedURLScreen(url: url)))
  }
}

/// `{"url": …}`: the page opened in the browser.
struct OpenedURLScreen: Screen {
  let url: String

  var blocks: [Block] { [.text(StyledText("Opened \(url)"))] }
}

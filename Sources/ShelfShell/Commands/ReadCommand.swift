import Foundation
import ShelfFiles

/// `read [REF]`: renders a story's page as formatted text (paged on a terminal when long).
struct ReadCommand: Command {
  let name = "read"
  let summary = "(stories) show the story's page as formatted text"
  var signature: CommandSignature {
    CommandSignature(arguments: [ItemArgument.optional.spec])
  }
  let discussion = """
    On a terminal, the story goes through $PAGER (default: less -R) when it is taller than the
    screen, like every long output. The story is then marked read for the active profile (a
    check mark in story lists); "unread" takes the mark back.
    """
  let examples = ["cd /stories/3-5/7; read", "cd /stories/3-5; read 7", "read story:7"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let entry = try context.resolveItem(arguments[ItemArgument.optional], command: name)
    let item = entry.item
    guard item.kind == .story,
      let story = try context.library.catalog.story(id: item.id)
    else {
      throw ShellError.wrongKind(command: name, name: entry.name, needs: "is not a story")
    }
    let url = try context.library.catalog.url(forStoryPage: story)
    let html: String
    do {
      // A story page is a few kilobytes; a pipe or a device in its place is refused unread.
      html = String(decoding: try SmallFile.read(url.path, limit: 16 << 20), as: UTF8.self)
    } catch {
      throw ShellError.noStoryPage("\(url.path): \(FileError.systemReason(error))")
    }
    let page = StoryPageScreen(
      id: story.id, title: story.title, text: HTMLText.plainText(html),
      paragraphs: HTMLText.paragraphs(html, marksEmphasis: true))
    // The page is shown: the story is read, for the active profile (saved once).
    try context.library.userData.person.storiesRead.update { _ = $0.mark(story.id) }
    return CommandResult(report: Report(page))
  }
}

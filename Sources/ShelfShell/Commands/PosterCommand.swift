import Foundation
import ShelfCatalog

/// `poster [REF]`: draws a show's poster or a product's image in the terminal.
struct PosterCommand: Command {
  let name = "poster"
  let aliases = ["image"]
  let summary = "(shows, products) draw the image in the terminal"
  let usage = "poster [REF]"
  let discussion = """
    Draws with Unicode half blocks on a colour terminal (--images none turns it off); prints the
    file's path or the poster's URL otherwise. Posters are downloaded once into the cache
    ($XDG_CACHE_HOME/shelf/posters) and drawn from there offline.
    """
  let examples = ["poster", "poster 1", "poster product:1001"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let entry = try context.resolveItem(arguments.reference(), command: name)
    let item = entry.item
    let library = context.library
    switch item.kind {
    case .product:
      guard let product = try library.catalog.product(id: item.id) else { break }
      let file = try library.catalog.url(forProductImage: product)
      let source = ImageSource(
        file: context.options.drawsImages ? file : nil, fallback: file.path, maxColumns: 32)
      return CommandResult(report: Report([.image(source)], data: ["image": file.path]))
    case .show:
      guard let show = library.show(id: item.id) else { break }
      guard let url = show.image?.original ?? show.image?.medium else {
        throw ShellError.showData("\"\(show.name)\" has no poster")
      }
      var file: URL?
      if context.options.drawsImages {
        file =
          try library.posters.cachedFile(for: url)
          ?? context.fetching(action: "poster") { try library.posters.poster(for: url) }
      }
      let source = ImageSource(file: file, fallback: url, maxColumns: 40)
      return CommandResult(report: Report([.image(source)], data: ["image": url]))
    case .toy, .story:
      break
    }
    throw ShellError.notHere(command: name, hint: "\"\(entry.name)\" has no picture")
  }

  func complete(argumentIndex: Int, prefix: String, in context: CommandContext) -> [Candidate] {
    argumentIndex == 0 ? ReferenceCompletion(context: context).candidates(for: prefix) : []
  }
}

import Foundation

/// `poster [REF]`: draws a show's poster or a product's image in the terminal.
struct PosterCommand: Command {
  let name = "poster"
  let aliases = ["image"]
  let summary = "(shows, products) draw the image in the terminal"
  var signature: CommandSignature {
    CommandSignature(arguments: [ItemArgument.optional.spec])
  }
  let discussion = """
    Draws with Unicode half blocks on a colour terminal (--images none turns it off); prints the
    file's path or the poster's URL otherwise. Posters are downloaded once into the cache
    ($XDG_CACHE_HOME/shelf/posters) and drawn from there offline.
    """
  let examples = ["cd /shows/1; poster", "cd /shows; poster 1", "poster product:1001"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let entry = try context.resolveItem(arguments[ItemArgument.optional], command: name)
    let item = entry.item
    let library = context.library
    switch item.kind {
    case .product:
      guard let product = try library.catalog.product(id: item.id) else { break }
      let file = try library.catalog.url(forProductImage: product)
      return CommandResult(
        report: Report(PictureScreen(image: file.path, file: file, maxColumns: 32)))
    case .show:
      guard let show = try library.show(id: item.id) else { break }
      guard let url = show.image?.original ?? show.image?.medium else {
        throw ShellError.noPoster(show.name)
      }
      var file: URL?
      if context.options.drawsImages {
        file =
          try library.posters.cachedFile(for: url)
          ?? context.fetching(action: "") { try library.posters.poster(for: url) }
      }
      return CommandResult(report: Report(PictureScreen(image: url, file: file, maxColumns: 40)))
    case .toy, .story:
      break
    }
    throw ShellError.wrongKind(command: name, name: entry.name, needs: "has no picture")
  }
}

/// `{"image": …}`: a picture drawn in the terminal, its path or URL otherwise.
struct PictureScreen: Screen {
  /// The image's file path or URL.
  let image: String
  /// The file to draw, when it is at hand.
  let file: URL?
  let maxColumns: Int

  private enum CodingKeys: String, CodingKey { case image }

  var blocks: [Block] {
    [.image(ImageSource(file: file, fallback: image, maxColumns: maxColumns))]
  }
}

import Foundation
import ShelfFiles
import ShelfStore

/// `import FILE`: merges a file written by `export` into the favourites, cart and marks.
struct ImportCommand: Command {
  let name = "import"
  let summary = "merge a file written by export into favorites, cart and watched marks"
  let usage = "import FILE"
  let discussion = """
    Adds the favorites, cart lines and watched episodes that are missing, and takes the
    file's quantity where a cart line differs. A file that is not a valid export is refused
    with its reason, and nothing changes.
    """
  let examples = ["import shelf.json", "import ~/backup/cart.json"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let path = HomePath.expand(
      try arguments.requiredArgument("FILE"), home: context.options.homeDirectory)
    let contents: Data
    do {
      // An export is a few megabytes at most; 64 MiB leaves room for a lifetime of marks.
      contents = try SmallFile.read(path, limit: 64 << 20)
    } catch {
      throw ShellError.cannotImport(path: path, reason: FileError.systemReason(error))
    }
    let export: UserDataExport
    do {
      export = try UserDataTransfer.decode(contents)
    } catch let error as ImportError {
      throw ShellError.cannotImport(path: path, reason: error.reason)
    }
    let summary = try UserDataTransfer(data: context.library.userData).importing(export)
    return CommandResult(report: .message("Imported \(path). \(summary)"))
  }
}

import Foundation
import ShelfFiles
import ShelfStore

/// `import FILE`: merges a file written by `export` into the favourites, cart and marks.
struct ImportCommand: Command {
  static let file = CommandArgument(.file, help: "a file written by export")

  let name = "import"
  let summary = "merge a file written by export into the cart and the profiles"
  let signature = CommandSignature(arguments: [file.spec])
  let discussion = """
    Adds the profiles, favorites, cart lines, watched episodes, stories read and wishes that
    are missing (a profile by its name, in any case; favorites and marks of an export made
    before profiles go to the active profile), and takes the file's quantity where a cart line
    differs. A file that is not a valid export is refused
    with its reason, and nothing changes.
    """
  let examples = ["import shelf.json", "import ~/backup/cart.json"]

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let path = HomePath.expand(
      try arguments.required(Self.file), home: context.options.homeDirectory)
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
    let library = context.library
    let summary = try UserDataTransfer(data: library.userData).importing(export) { item in
      try library.name(of: item)
    }
    if !summary.notImported.isEmpty {
      library.userData.warn(
        StoreWarning(path: path, kind: .notImported(summary.notImported.map(\.description))))
    }
    return CommandResult(report: .message("Imported \(path). \(summary)"))
  }
}

import Foundation
import ShelfFiles
import ShelfStore

/// `import FILE`: merges a file written by `export` into the favourites, cart and marks.
struct ImportCommand: Command {
  /// Where a file comes from, when it is not shelf's own export.
  enum Source: String, CaseIterable, Sendable {
    case trakt
  }

  static let file = CommandArgument(
    .file,
    help:
      "a file written by export, or one of shelf's own (with --from trakt: Trakt's watched shows)")
  static let ratings = CommandArgument(
    .file.named("RATINGS"), optional: true, help: "with --from trakt: a Trakt ratings export")
  static let from = CommandOption(
    ["--from"], .choice("SOURCE", of: Source.self), help: "a history exported from elsewhere")

  let name = "import"
  let summary = "merge a file written by export (or a Trakt history) into the household's data"
  var signature: CommandSignature {
    CommandSignature(arguments: [Self.file.spec, Self.ratings.spec], options: [Self.from.spec])
  }
  let discussion = """
    Merges everything the file has into your data, by the merge rules (README, "Your data,
    declared once"): what is missing is added, a value changed later in the file is taken, a
    cart line keeps the larger quantity, a mark its earliest time; nothing is removed, so
    importing twice adds nothing. People are found by their lasting id, else by name (any
    case); those missing are added, none is renamed. What an export made before profiles has
    at its top goes to the active profile. A file of shelf's own, such as a favorites.plist
    left at the top of the data directory, is merged into the active profile's file of that
    name. A file that is neither is refused with its reason, and nothing changes; so is an
    import that cannot be written (a full disk).
    --from trakt reads Trakt's export of watched shows (watched-shows.json) and its ratings
    (RATINGS, or ratings-shows.json and ratings-episodes.json beside it): each show is matched
    on TVmaze by its IMDb id, else its TheTVDB id, and becomes a favorite; its episodes are
    matched by season and number and marked watched at the time Trakt gives; ratings become
    your ratings. It says how many shows matched, how many episodes were marked and which
    shows TVmaze does not know. A second run adds nothing; Ctrl-C keeps the shows done so far.
    TVmaze allows 20 calls in 10 s: 2 calls a show (its lookup and its episodes).
    """
  let examples = [
    "import shelf.json", "import ~/backup/cart.json",
    "shelf -c 'import --from trakt ~/trakt/watched-shows.json'",
    "shelf -c 'import --from trakt watched-shows.json ratings-episodes.json'",
  ]

  /// The names of the user's files an import merges (`favorites.plist`, …).
  static var dataFileNames: String {
    UserDataDeclaration.files.map(\.name).joined(separator: ", ")
  }

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let home = context.options.homeDirectory
    let path = HomePath.expand(try arguments.required(Self.file), home: home)
    if arguments[Self.from] == .trakt {
      let ratings = arguments[Self.ratings].map { HomePath.expand($0, home: home) }
      let message = try TraktImport(context: context).run(watchedPath: path, ratingsPath: ratings)
      return CommandResult(report: .message(message))
    }
    if arguments[Self.ratings] != nil {
      throw ShellError.usage(command: name, message: "a second FILE goes with --from trakt")
    }
    let contents: Data
    do {
      // An export is a few megabytes at most; 64 MiB leaves room for a lifetime of marks.
      contents = try SmallFile.read(path, limit: 64 << 20)
    } catch {
      throw ShellError.cannotImport(path: path, reason: FileError.systemReason(error))
    }
    let library = context.library
    let transfer = UserDataTransfer(data: library.userData)
    if UserDataTransfer.isPropertyList(contents) {
      let name = URL(fileURLWithPath: path).lastPathComponent
      let merged: ImportSummary?
      do {
        merged = try transfer.importDataFile(named: name, contents, path: path)
      } catch let error as StoreError {
        throw ShellError.cannotImport(path: path, reason: error.description)
      }
      guard let summary = merged else {
        throw ShellError.cannotImport(
          path: path,
          reason: "a property list, but not one of shelf's files (\(Self.dataFileNames))")
      }
      return CommandResult(report: .message("Imported \(path). \(summary)"))
    }
    let export: UserDataExport
    do {
      export = try UserDataTransfer.decode(contents)
    } catch let error as ImportError {
      throw ShellError.cannotImport(path: path, reason: error.reason)
    }
    let summary: ImportSummary
    do {
      summary = try transfer.importing(export) { item in try library.name(of: item) }
    } catch let error as StoreError {
      // Nothing was written: the import is all or nothing (a full disk, a file it may not write).
      throw ShellError.cannotImport(path: path, reason: error.description)
    }
    if !summary.notImported.isEmpty {
      library.userData.warn(
        StoreWarning(path: path, kind: .notImported(summary.notImported.map(\.description))))
    }
    return CommandResult(report: .message("Imported \(path). \(summary)"))
  }
}

import Foundation
import ShelfFiles
import ShelfImport
import ShelfStore

/// `import FILE`: merges a file written by `export` into the favourites, cart and marks;
/// `import --from SOURCE FILE`: another tracker's history (`HistoryImport`).
struct ImportCommand: Command {
  static let file = CommandArgument(
    .file,
    help:
      "a file written by export; with --from, the service's export (a zip, its folder or a file)"
  )
  static let more = CommandArgument(
    .file.named("MORE"), optional: true,
    help: "with --from trakt: another file of the same export (its ratings)")
  static let from = CommandOption(
    ["--from"], .choice("SOURCE", of: ImportFormat.self),
    help: "a history exported from another tracker")
  static let dryRun = CommandFlag(
    ["--dry-run"], help: "with --from: say what would change, and write nothing")
  static let unmatched = CommandOption(
    ["--unmatched"], .file,
    help: "with --from: write the rows not matched to this file (Yamtrack's CSV, to fix by hand)")
  static let profile = CommandOption(
    ["--profile"], .profile, help: "with --from: import into this person's files")

  let name = "import"
  let summary = "merge a file written by export, or another tracker's history, into shelf"
  var signature: CommandSignature {
    CommandSignature(
      arguments: [Self.file.spec, Self.more.spec],
      options: [Self.from.spec, Self.dryRun.spec, Self.unmatched.spec, Self.profile.spec])
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
    --from SOURCE reads another tracker's export as the service gives it (a zip, the folder
    it was extracted to, or one of its files): trakt (watched history with each play, watched
    shows, ratings, the watchlist as planned shows, files in parts), tvtime (episode records,
    rewatches, followed and archived shows; its account files are never opened), seriesguide
    (its JSON backup of shows), yamtrack (its CSV) or netflix (NetflixViewingHistory.csv).
    Each show is found on TVmaze by its TheTVDB or IMDb id, else by its title (and year) when
    exactly one show has it; each episode by season and number, else by its name. A show
    found becomes a favorite of the active person (--profile NAME: of that person), its
    episodes are marked watched at the earliest time the history gives, its ratings and
    status are set where there are none. It says how many shows matched, episodes were
    marked and ratings set, and which shows were not found with the shows TVmaze offered;
    movies are counted and left out. --dry-run says what would change and writes nothing;
    --unmatched FILE writes the rows not matched as Yamtrack's CSV, to fix and import with
    --from yamtrack. Each show is saved whole as it is done: Ctrl-C (or a lost connection)
    keeps the shows done so far, and a second run adds only what is missing. TVmaze allows
    20 calls in 10 s: about 2 calls a show. It ends with status 1 when no show matched.
    """
  let examples = [
    "import shelf.json", "import ~/backup/cart.json",
    "shelf -c 'import --from trakt ~/Downloads/trakt-export.zip'",
    "shelf -c 'import --from tvtime ~/gdpr-data.zip --dry-run'",
    "shelf -c 'import --from netflix NetflixViewingHistory.csv --unmatched todo.csv'",
  ]

  /// The names of the user's files an import merges (`favorites.plist`, …).
  static var dataFileNames: String {
    UserDataDeclaration.files.map(\.name).joined(separator: ", ")
  }

  func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> CommandResult {
    let home = context.options.homeDirectory
    let path = HomePath.expand(try arguments.required(Self.file), home: home)
    if let format = arguments[Self.from] {
      var paths = [path]
      if let more = arguments[Self.more] {
        guard format == .trakt else {
          throw ShellError.usage(command: name, message: "a second FILE goes with --from trakt")
        }
        paths.append(HomePath.expand(more, home: home))
      }
      let profile = try arguments[Self.profile].map { try context.library.profile(named: $0) }
      let history = HistoryImport(
        context: context, format: format, dryRun: arguments[Self.dryRun],
        unmatchedPath: arguments[Self.unmatched].map { HomePath.expand($0, home: home) },
        profile: profile)
      return CommandResult(report: Report(try history.run(paths: paths)))
    }
    if arguments[Self.dryRun] || arguments[Self.unmatched] != nil || arguments[Self.profile] != nil
    {
      throw ShellError.usage(
        command: name, message: "--dry-run, --unmatched and --profile go with --from")
    }
    if arguments[Self.more] != nil {
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

import Foundation
import ShelfDomain
import ShelfFiles
import ShelfStore
import ShelfTV

/// What a command can see and use while it runs. It reads the navigation state; it never
/// changes it (commands return a `NavigationChange`).
public final class CommandContext {
  public let library: Library
  public let options: SessionOptions
  public let asker: Asking
  public let opener: URLOpening
  /// Progress lines of long work (`refresh --all`), shown by the front end as they come.
  public let progress: (String) -> Void
  /// Lines for standard error besides errors and warnings (git's messages, `sync --verbose`).
  public let diagnostics: (String) -> Void
  /// True when the user pressed Ctrl-C since the command started. (A network wait notices it
  /// by itself: the transport throws `RequestCancelled`, which the session reports as
  /// `interrupted`.)
  public let interrupted: () -> Bool
  public internal(set) var navigation: Navigation
  /// The command lines `history` lists: what the line editor recalls (Up-arrow) when there is
  /// one, else the lines this session ran.
  public var history: [String] { recall?() ?? ranLines }
  var ranLines: [String]
  let recall: (() -> [String])?
  /// How reports are written now (`format NAME` changes it).
  public internal(set) var format: OutputFormat
  /// Whether lists are written with their titles and header rows (`headers on|off`).
  public internal(set) var headers: Bool
  let registry: CommandRegistry
  /// The sections below `/`, as the engine sees them.
  let sections: any SectionDirectory

  init(
    library: Library, options: SessionOptions, asker: Asking, opener: URLOpening,
    progress: @escaping (String) -> Void, diagnostics: @escaping (String) -> Void,
    interrupted: @escaping () -> Bool,
    navigation: Navigation, history: [String], recall: (() -> [String])?,
    registry: CommandRegistry, sections: any SectionDirectory
  ) {
    self.library = library
    self.options = options
    self.asker = asker
    self.opener = opener
    self.progress = progress
    self.diagnostics = diagnostics
    self.interrupted = interrupted
    self.navigation = navigation
    ranLines = history
    self.recall = recall
    self.registry = registry
    self.sections = sections
    format = options.format
    headers = options.headers
  }

  public var location: Location { navigation.current }
  /// What each screen contains (the sections' answers).
  var places: any PlaceDirectory { sections.places(in: library) }

  /// A show's episodes: known ones, else fetched with the retry dialog. A favourite's are kept
  /// with the favourites.
  func episodes(of show: Show) throws -> [Episode] {
    let favorite = (try? library.favorites())?.contains(ItemID(.show, show.id)) ?? false
    return try fetching(action: "episodes of \"\(show.name)\"") {
      try library.episodes.episodes(of: show, keepWithFavorites: favorite)
    }
  }

  /// The show REF names, or the show of the screen you are on when REF is nil.
  func resolveShow(_ reference: String?, command: String) throws -> Show {
    if reference == nil, let id = location.showID, let show = try library.show(id: id) {
      return show
    }
    let entry = try resolveItem(reference, command: command)
    guard entry.item.kind == .show, let show = try library.show(id: entry.item.id) else {
      throw ShellError.wrongKind(command: command, name: entry.name, needs: "is not a TV show")
    }
    return show
  }

  /// The item REF names, as `resolveItem`; with no REF on a season's or an episode's screen,
  /// their show (`fav` and `unfav` there act on the show, naming it).
  func resolveItemOrShow(_ reference: String?, command: String, allowingGone: Bool = false)
    throws -> ResolvedItem
  {
    if reference == nil, location.item == nil, let id = location.showID,
      let entry = try places.entry(for: ItemID(.show, id)), let show = ResolvedItem(entry)
    {
      return show
    }
    return try resolveItem(reference, command: command, allowingGone: allowingGone)
  }

  /// A typed path; `-` is the previous screen, as in a shell.
  func resolvePath(_ path: String, command: String) throws -> Location {
    guard path == "-" else {
      return try PathResolver(places: places).resolve(path, from: location)
    }
    guard let previous = navigation.previous else {
      throw ShellError.noPreviousScreen(command: command)
    }
    return previous
  }

  /// The item REF names, or the item of the details screen when REF is nil. A REF with a `/`
  /// is a path (`/shows/1`, `../Puzzles/12`) when one leads to an item. A saved item the
  /// catalog no longer has is an error unless the command only removes it (`allowingGone`).
  func resolveItem(_ reference: String?, command: String, allowingGone: Bool = false) throws
    -> ResolvedItem
  {
    if let reference, reference.contains("/"), let item = try itemAtPath(reference) {
      return item
    }
    if let reference,
      let item = ResolvedItem(
        try ReferenceResolver(places: places).resolve(reference, at: location))
    {
      guard !item.isGone || allowingGone else {
        throw ShellError.noLongerAvailable(name: item.name, item: item.item)
      }
      return item
    }
    if reference == nil, let item = location.item, let entry = try places.entry(for: item),
      let resolved = ResolvedItem(entry)
    {
      return resolved
    }
    throw ShellError.missingReference(
      command: command, hint: "give an id or a name, or open an item first")
  }

  /// The items the REFs of `words` name, all found before any is acted on (`fav 31 32`): a
  /// line that names one item with spaces (`fav The Lantern Snail`) is that item; otherwise
  /// each word is a REF, and the first that names nothing is the error. No words: the item of
  /// the details screen. An item named twice is there once.
  func resolveItems(_ words: [String], command: String, allowingGone: Bool = false) throws
    -> [ResolvedItem]
  {
    guard words.count > 1 else {
      return [try resolveItem(words.first, command: command, allowingGone: allowingGone)]
    }
    if let whole = try? resolveItem(
      words.joined(separator: " "), command: command, allowingGone: allowingGone)
    {
      return [whole]
    }
    var seen: Set<ItemID> = []
    return try words.map { try resolveItem($0, command: command, allowingGone: allowingGone) }
      .filter { seen.insert($0.item).inserted }
  }

  /// The items the REFs of `words` name, as `resolveItems`; with no REF on a season's or an
  /// episode's screen, their show (`fav` and `unfav` there act on the show, naming it).
  func resolveItemsOrShow(_ words: [String], command: String, allowingGone: Bool = false)
    throws -> [ResolvedItem]
  {
    guard words.isEmpty else {
      return try resolveItems(words, command: command, allowingGone: allowingGone)
    }
    return [try resolveItemOrShow(nil, command: command, allowingGone: allowingGone)]
  }

  /// The details screen REF names: an item's, or an episode's (`open 3` in a season's list,
  /// `open S01E03`, `open /shows/1/S1/E3`); the screen you are on when REF is nil.
  func resolveDetails(_ reference: String?, command: String) throws -> Location {
    if let reference, reference.contains("/") {
      if let path = try? resolvePath(reference, command: command), path.isDetails { return path }
      return try resolveItem(reference, command: command).location
    }
    if let reference {
      let entry = try ReferenceResolver(places: places).resolve(reference, at: location)
      if entry.location.isDetails { return entry.location }
    } else if location.isDetails {
      return location  // the episode (or item) shown
    }
    return try resolveItem(reference, command: command).location
  }

  /// The item a path leads to; nil when the text is not a path to an item but may be a name
  /// with a slash in it.
  private func itemAtPath(_ path: String) throws -> ResolvedItem? {
    let location: Location
    do {
      location = try resolvePath(path, command: "")
    } catch {
      let asName = try? ReferenceResolver(places: places).resolve(path, at: self.location)
      if asName != nil { return nil }
      throw error
    }
    guard let item = location.item, let entry = try places.entry(for: item), !entry.isGone
    else {
      throw ShellError.notAnItem(path: location.path)
    }
    return ResolvedItem(entry)
  }

  /// Asks yes/no (Enter means no); `assumeYes`, `-y` and a script's refusal are handled here.
  func confirm(_ question: String, skip: Bool) throws -> Bool {
    if skip || options.assumeYes { return true }
    guard options.interactive else { throw ShellError.confirmationNeeded(question) }
    let answer = asker.ask(Question(prompt: "\(question) [y/N] "))?
      .trimmingCharacters(in: .whitespaces).lowercased()
    return answer == "y" || answer == "yes"
  }

  /// Before a command removes what its REFs (`words`) named, asks when one named its item by
  /// the start of its name only (`rm t` for "The Lighthouse Cat"): true to go on. `question`
  /// is asked of the items (`it`, or their names, given). An id, a path or the whole name does
  /// not ask; nor does `-y` (`skip`) or `--yes`.
  func confirmNamed(
    _ items: [ResolvedItem], by words: [String], _ question: (String) -> String, skip: Bool
  ) throws -> Bool {
    // One item named by every word (`rm The Lantern Snail`), or one word each.
    let typed = items.count == words.count ? words : [words.joined(separator: " ")]
    let partial = zip(typed, items).filter { word, item in
      !word.isEmpty && !ReferenceResolver.namesWhole(word, item: item.item, name: item.name)
    }
    guard !partial.isEmpty else { return true }
    let starts = partial.map { "\"\($0.0)\" is the start of \"\($0.1.name)\"" }
    let them = items.count == 1 ? "it" : WordList.quoted(items.map(\.name))
    return try confirm(starts.joined(separator: ", ") + ": " + question(them), skip: skip)
  }

  /// Runs a network fetch with the retry dialog; TVmaze errors become `ShellError.network`.
  func fetching<Result>(action: String, _ attempt: () throws -> Result) throws -> Result {
    try withRetry(saving: false, action: action) {
      do {
        return try attempt()
      } catch {
        throw ShellError(error, action: action)
      }
    }
  }

  /// Changes the favourites: with a TV show among `items` a failure to save ends in the retry
  /// dialog (SPEC §4), for the other kinds in an error line.
  func changingFavorites<Result>(
    of items: [ItemID], action: String, _ change: () throws -> Result
  ) throws -> Result {
    guard items.contains(where: { $0.kind == .show }) else { return try change() }
    return try withRetry(saving: true, action: action) {
      do {
        return try change()
      } catch {
        throw ShellError(error, action: action)
      }
    }
  }

  /// Runs `attempt`; when it fails with a network or store error, shows the retry dialog
  /// (interactive) or throws (scripts). `saving` picks the dialog's description.
  func withRetry<Result>(saving: Bool, action: String, _ attempt: () throws -> Result) throws
    -> Result
  {
    while true {
      do {
        return try attempt()
      } catch let error as ShellError {
        guard options.interactive, error.canBeRetried else { throw error }
        let description =
          saving
          ? "There was a problem saving/deleting this TV Show. Do you want to try again?"
          : "An error occurred while fetching data. Do you want to try again?"
        let question = Question(
          lines: [
            StyledText("Oops, something went wrong", .heading), StyledText(description),
            StyledText(error.message, .dim),
          ], prompt: Self.retryPrompt)
        guard retryChosen(question) else { throw ShellError.cancelled(action) }
      }
    }
  }

  static let retryPrompt = "[r] Retry  [c] Cancel: "

  /// The answer to the retry dialog: `r` or `retry` retries, `c`, `cancel`, Enter or no answer
  /// (Ctrl-C, end of input) cancels, and anything else is asked again.
  private func retryChosen(_ question: Question) -> Bool {
    var question = question
    while true {
      switch asker.ask(question)?.trimmingCharacters(in: .whitespaces).lowercased() {
      case "r", "retry": return true
      case "c", "cancel", "", nil: return false
      default:
        question = Question(
          lines: [StyledText("Type r to try again or c to cancel.", .dim)],
          prompt: Self.retryPrompt)
      }
    }
  }
}

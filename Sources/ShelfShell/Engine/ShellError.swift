import ShelfCatalog
import ShelfDomain
import ShelfFiles
import ShelfStore
import ShelfSync
import ShelfTV

/// Every way a command line can fail, with what the user needs to know. The one-line message
/// is rendered from the value here and nowhere else; it never starts with the command's name,
/// which `Outcome.errorMessage` puts before it (`shelf: buy: -n takes 1-999, not "0"`).
public enum ShellError: Error, Equatable {
  case unknownCommand(String, suggestion: String?)
  case usage(command: String, message: String)
  case unknownOption(command: String, option: String, suggestion: String?)
  /// A value the option or argument does not take: `buy: -n takes 1-999, not "x"`. `name` is
  /// the option as typed, or the argument's placeholder (nil when it lists the choices).
  case badValue(command: String, name: String?, accepts: String, value: String)
  /// An option given without the one it goes with (`--max-pages` without `--all`).
  case optionRequires(command: String, option: String, required: String)
  case noSuchScreen(path: String, reason: String)
  case unknownReference(String, searched: String)
  case ambiguousReference(String, candidates: [String])
  /// A REF that names no item of find results from `/`; `naming` are the kind-qualified ids
  /// that name it (`toy:42`).
  case notAmongResults(String, naming: [String])
  /// A path given as REF that leads to a list, not an item.
  case notAnItem(path: String)
  case missingReference(command: String, hint: String)
  /// The item is of a kind the command does not handle ("is not a TV show").
  case wrongKind(command: String, name: String, needs: String)
  /// The command works in one place only (`rm` in /cart).
  case onlyIn(command: String, place: String, hint: String)
  case noPreviousScreen(command: String)
  case takesNoArguments(command: String)
  case missingArgument(command: String, name: String)
  case tooManyArguments(command: String, expected: String)
  case optionNeedsValue(command: String, option: String, valueName: String)
  case notBuyable(String)
  case quantityLimit(name: String, wouldBe: Int)
  case unbalancedQuote(Character)
  /// A `>`, `>>` or `|` without a proper target.
  case badRedirection(String)
  case lineTooLong(Int)
  case invalidUTF8
  case confirmationNeeded(String)
  /// A question or the retry dialog was answered no; what was being done, when it is more
  /// than the command itself ("episodes of \"Lost\"").
  case cancelled(String)
  case notAFavorite(String)
  /// `rewatch` on a show with nothing watched.
  case nothingWatched(command: String, show: String)
  /// `watched` on an episode to come: the episode named, and when it airs.
  case notAiredYet(command: String, episode: String, airs: String)
  /// A saved item that the catalog (or the show store) no longer has: its saved name, its id.
  case noLongerAvailable(name: String, item: ItemID)
  case noIMDb(String)
  case cannotOpen(String)
  case nothingBack
  case noStoryPage(String)
  case cannotImport(path: String, reason: String)
  case store(StoreError)
  case network(TVMazeError, action: String)
  case noPoster(String)
  case showCache(TVCacheError, action: String)
  /// An error of a kind the shell does not know, with the system's description.
  case unexpected(String)
  /// Ctrl-C during a network wait: the command stopped.
  case interrupted
  /// The catalog could not be read (at its first use): the file, the line and the reason.
  case catalog(CatalogError)
  /// A change to the household or a wish list that was refused (`profile: no profile "Zed"`),
  /// or another refusal said in words of its own (`help: no command or topic "x"`).
  case household(command: String, message: String)
  /// A sync that did not finish, with its cause.
  case sync(SyncError)

  /// The command the error names itself, when it is more than the one typed (`profile add`,
  /// `watched --season`); nil for most.
  public var command: String? {
    let named: String
    switch self {
    case .usage(let command, _), .unknownOption(let command, _, _), .badValue(let command, _, _, _),
      .optionRequires(let command, _, _), .missingReference(let command, _),
      .wrongKind(let command, _, _), .onlyIn(let command, _, _), .noPreviousScreen(let command),
      .takesNoArguments(let command), .missingArgument(let command, _),
      .tooManyArguments(let command, _), .optionNeedsValue(let command, _, _),
      .household(let command, _), .notAiredYet(let command, _, _),
      .nothingWatched(let command, _):
      named = command
    default:
      return nil
    }
    return named.isEmpty ? nil : named
  }

  /// Network and disk failures, which the retry dialog offers to try again.
  public var canBeRetried: Bool {
    switch self {
    case .network, .store: true
    default: false
    }
  }

  public var message: String {
    switch self {
    case .unknownCommand(_, let suggestion):
      // The name typed is the error's command: `shelf: lss: unknown command`.
      if let suggestion { return "unknown command; did you mean \"\(suggestion)\"?" }
      return "unknown command; type \"help\" for the list"
    case .usage(let command, let message):
      return "\(message) (see \"help \(command)\")"
    case .unknownOption(let command, let option, let suggestion):
      if let suggestion {
        return "unknown option \(option); did you mean \(suggestion)?"
      }
      return "unknown option \(option) (see \"help \(command)\")"
    case .badValue(_, let name, let accepts, let value):
      if let name { return "\(name) takes \(accepts), not \"\(value)\"" }
      return "takes \(accepts), not \"\(value)\""
    case .optionRequires(let command, let option, let required):
      return ShellError.usage(command: command, message: "\(option) goes with \(required)").message
    case .noSuchScreen(let path, let reason):
      return "no such screen: \(path) (\(reason))"
    case .unknownReference(let reference, let searched):
      return "no item \"\(reference)\" in \(searched)"
    case .ambiguousReference(let reference, let candidates):
      let shown = candidates.prefix(6).joined(separator: ", ")
      let more = candidates.count > 6 ? ", … (\(candidates.count) in all)" : ""
      return "\"\(reference)\" is ambiguous: \(shown)\(more)"
    case .notAmongResults(let reference, let naming):
      let verb = naming.count == 1 ? "names" : "name"
      return "\"\(reference)\" is not among the find results; \(WordList.or(naming)) \(verb) it"
    case .notAnItem(let path):
      return "\(path) is a list, not an item: give an item's path such as /toys/Dolls/42"
    case .missingReference(_, let hint):
      return "which item? \(hint)"
    case .wrongKind(_, let name, let needs):
      return "\"\(name)\" \(needs)"
    case .onlyIn(_, let place, let hint):
      return "works in \(place)\(hint.isEmpty ? "" : " (\(hint))")"
    case .noPreviousScreen:
      return "no previous screen yet"
    case .takesNoArguments(let command):
      return ShellError.usage(command: command, message: "takes no arguments").message
    case .missingArgument(let command, let name):
      return ShellError.usage(command: command, message: "missing \(name)").message
    case .tooManyArguments(let command, let expected):
      return ShellError.usage(command: command, message: "too many arguments; expected \(expected)")
        .message
    case .optionNeedsValue(let command, let option, let valueName):
      return ShellError.usage(command: command, message: "\(option) needs a \(valueName)").message
    case .notBuyable(let name):
      return "\(name) cannot be bought: only toys and products go in the cart"
    case .quantityLimit(let name, let wouldBe):
      return "\(name): a cart line holds at most 999 (this would make \(wouldBe))"
    case .unbalancedQuote(let quote):
      return quote == "\\" ? "the line ends with a lone backslash" : "unbalanced \(quote) quote"
    case .badRedirection(let reason):
      return reason
    case .lineTooLong(let length):
      return "line too long (\(length) bytes; the limit is \(LineLimits.maximumBytes))"
    case .invalidUTF8:
      return "the line is not valid UTF-8; ignored"
    case .confirmationNeeded(let question):
      return "\(question): not confirmed (no terminal to ask; add -y or run with --yes)"
    case .cancelled(let what):
      return what.isEmpty ? "cancelled" : "cancelled (\(what))"
    case .nothingWatched(_, let show):
      return
        "nothing of \"\(show)\" is watched yet (\"watched\" marks episodes; \"rewatch\" starts a"
        + " watched show again)"
    case .notAFavorite(let name):
      return "\(name) is not a favorite"
    case .notAiredYet(_, let episode, let airs):
      return "\(episode) has not aired yet: it \(airs) (--force marks it)"
    case .noLongerAvailable(let name, let item):
      let place = item.kind == .show ? "the show store" : "the catalog"
      let label = name == item.description ? name : "\"\(name)\" (\(item))"
      return "\(label) is no longer in \(place); it can only be removed"
    case .noIMDb(let name):
      return "\(name) has no IMDb id"
    case .cannotOpen(let detail):
      return "cannot open the browser: \(detail)"
    case .nothingBack:
      return "no previous screen"
    case .noStoryPage(let detail):
      return "cannot read the story page: \(detail)"
    case .cannotImport(let path, let reason):
      return "cannot import \(path): \(reason); nothing changed"
    case .store(let error):
      return error.description
    case .network(let error, let action):
      return action.isEmpty ? error.description : "\(action): \(error.description)"
    case .noPoster(let name):
      return "\"\(name)\" has no poster"
    case .showCache(let error, let action):
      return action.isEmpty ? error.description : "\(action): \(error.description)"
    case .unexpected(let description):
      return description
    case .interrupted:
      return "interrupted"
    case .catalog(let error):
      return error.description
    case .household(_, let message):
      return message
    case .sync(let error):
      return error.description
    }
  }
}

extension ShellError {
  /// The one place an error of a lower layer (the user's files, the show store, TVmaze, the
  /// catalog) becomes the shell's. `action` names what was being done, for network and show
  /// store errors ("refresh").
  public init(_ error: any Error, action: String) {
    switch error {
    case let error as ShellError: self = error
    case let error as StoreError: self = .store(error)
    case let error as FileError: self = .store(StoreError(error))
    case let error as TVMazeError: self = .network(error, action: action)
    case let error as TVCacheError: self = .showCache(error, action: action)
    case let error as CatalogError: self = .catalog(error)
    case let error as ProfileError: self = .household(command: action, message: error.description)
    case let error as SyncError: self = .sync(error)
    case is RequestCancelled: self = .interrupted
    default: self = .unexpected(String(describing: error))
    }
  }
}

/// Limits on what a single line may be.
public enum LineLimits {
  public static let maximumBytes = 8192
}

import Foundation
import ShelfFiles
import ShelfStore
import ShelfTV
import ShelfTerminal

/// The engine: runs one line at a time against the library and the navigation state. The
/// same session serves the libedit prompt, a piped script and the tests.
public final class Session {
  public let context: CommandContext
  public let registry: CommandRegistry

  /// A session over `sections` (the standard ones: `init(library:options:asker:opener:…)`).
  init(
    sections: any SectionDirectory, library: Library, options: SessionOptions, asker: Asking,
    opener: URLOpening, progress: @escaping (String) -> Void,
    diagnostics: @escaping (String) -> Void, interrupted: @escaping () -> Bool,
    start: Location, history: [String], recall: (() -> [String])?, registry: CommandRegistry
  ) {
    self.registry = registry
    context = CommandContext(
      library: library, options: options, asker: asker, opener: opener, progress: progress,
      diagnostics: diagnostics, interrupted: interrupted, navigation: Navigation(at: start),
      history: history, recall: recall, registry: registry, sections: sections)
  }

  public var location: Location { context.location }
  /// `shelf:/toys> `; `shelf[Mia]:/toys> ` once the household has two people.
  public var prompt: String {
    "shelf\(promptProfile.map { "[\($0)]" } ?? ""):\(promptLabel)> "
  }

  /// Where you are, as the prompt shows it: printable text only (a control character of a
  /// search or a name is shown escaped, `\x01`), a long search cut short.
  public var promptLabel: String {
    TerminalText.showingControls(location.label)
  }

  /// The active profile's name, shown in the prompt once the household has two people.
  public var promptProfile: String? {
    context.library.userData.followActiveProfile()
    return context.library.promptProfileName()
  }

  /// Runs a line of commands separated by `;` (a quoted `;` is text), one outcome each; the
  /// commands after `exit` (and, with `stopAtError`, after a failure) do not run. The line goes
  /// into the history once.
  public func run(_ line: String, stopAtError: Bool = false) -> [Outcome] {
    var outcomes: [Outcome] = []
    for statement in statements(line) {
      let outcome = perform(statement)
      outcomes.append(outcome)
      if outcome.exit || (stopAtError && outcome.error != nil) { break }
    }
    return outcomes
  }

  /// The commands of a line, each with where its output goes, for a front end that prepares
  /// the target before the command runs (`sh` opens `> FILE` first: a file that cannot be
  /// written stops the command). The line goes into the history once; nothing runs yet.
  public func statements(_ line: String) -> [Statement] {
    guard record(line) else { return [] }
    let typed = String(line.drop(while: { $0 == " " || $0 == "\t" }))
    // A command that takes the rest of the line as it is (`complete`) gets its `;` too.
    if let name = Tokenizer.split(typed).first?.text,
      let command = try? registry.command(named: name), !command.parsesArguments
    {
      return [Statement(command: line, target: nil, name: command.name)]
    }
    return Tokenizer.statements(line).map { text in
      let name = commandName(in: text)
      do {
        let (command, target) = try Redirection.split(text)
        return Statement(command: command, target: target, name: name)
      } catch {
        return Statement(
          command: text, target: nil, error: ShellError(error, action: ""), name: name)
      }
    }
  }

  /// The name of the command `text` starts with, or its first word; nil when it starts with a
  /// redirection.
  private func commandName(in text: String) -> String? {
    guard let word = Tokenizer.split(text).first?.text, !word.isEmpty,
      !word.hasPrefix(">"), !word.hasPrefix("|")
    else { return nil }
    return (try? registry.command(named: word))?.name ?? word
  }

  /// Runs one statement of `statements(_:)`.
  public func perform(_ statement: Statement) -> Outcome {
    if let error = statement.error { return statement.failed(error) }
    var outcome = perform(statement.command)
    outcome.redirection = statement.target
    return outcome
  }

  /// Runs one command line (no `;` splitting): blank lines and `#` comments do nothing.
  public func execute(_ line: String) -> Outcome {
    guard record(line) else { return Outcome() }
    return perform(line)
  }

  /// Puts a line into the history; false for a blank line, a comment or one too long to run
  /// (the one line-length guard of the engine).
  private func record(_ line: String) -> Bool {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return false }
    guard line.utf8.count <= LineLimits.maximumBytes else { return true }
    if context.recall == nil { context.ranLines.append(trimmed) }
    return true
  }

  private func perform(_ line: String) -> Outcome {
    var outcome = Outcome(report: nil, error: nil, warnings: [], exit: false)
    var reportFormat: OutputFormat?
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return outcome }
    if line.utf8.count > LineLimits.maximumBytes {
      outcome.error = .lineTooLong(line.utf8.count)
      return outcome
    }
    context.library.lazyCatalog.startCommand()
    // Another shell may have renamed or removed the active profile meanwhile.
    context.library.userData.followActiveProfile()
    do {
      let typed = String(line.drop(while: { $0 == " " || $0 == "\t" }))
      let split = Tokenizer.split(typed)
      guard let name = split.first?.text else { return outcome }
      let command = try self.command(named: name)
      outcome.command = command.name
      var arguments: ParsedArguments
      if command.parsesArguments {
        let words: [String]
        do {
          words = try Tokenizer.words(typed)
        } catch Tokenizer.Failure.unbalancedQuote(let quote) {
          throw ShellError.unbalancedQuote(quote)
        }
        arguments = try ParsedArguments(
          command: command.name, words: Array(words.dropFirst()), signature: command.signature)
      } else {
        arguments = try ParsedArguments(command: command.name, words: [], signature: .none)
      }
      if split.count > 1 {
        arguments.rawText = String(typed.dropFirst(split[1].start))
      }
      let result = try command.run(arguments, in: context)
      outcome.report = try result.report.map { report in
        guard let columns = arguments[ListOptionArguments.columns] else { return report }
        outcome.columns = columns
        return try ColumnChoice(keys: columns, command: command.name).apply(
          to: report, format: context.format)
      }
      if let headers = result.headers { context.headers = headers }
      outcome.exit = result.exit
      outcome.exitStatus = result.exitStatus
      if let change = result.navigation { try apply(change) }
      if let format = result.format { context.format = format }
      reportFormat = result.reportFormat
    } catch {
      if outcome.command == nil { outcome.command = Tokenizer.split(trimmed).first?.text }
      outcome.error = ShellError(error, action: "")
    }
    outcome.format = reportFormat ?? context.format
    outcome.headers = context.headers
    outcome.warnings =
      context.library.userData.takeWarnings().map(\.description)
      + context.library.takeShowWarnings()
    return outcome
  }

  /// The command `name` names; a section's name typed as a command (`favorites`) suggests
  /// going there, never a command that only looks like it (`favorite` adds a favorite).
  private func command(named name: String) throws -> any Command {
    do {
      return try registry.command(named: name)
    } catch ShellError.unknownCommand(let typed, let suggestion) {
      let names = context.sections.names + ["favourites"]
      guard let section = EditDistance.nearest(to: typed, among: names) else {
        throw ShellError.unknownCommand(typed, suggestion: suggestion)
      }
      let path = section == "favourites" ? "/favorites" : "/" + section
      throw ShellError.unknownCommand(typed, suggestion: "cd \(path)")
    }
  }

  /// The candidates for Tab at `cursor` (a Character offset) of `line`.
  public func complete(_ line: String, cursor: Int) -> Completion {
    Completer(context: context).complete(line: line, cursor: cursor)
  }

  private func apply(_ change: NavigationChange) throws {
    switch change {
    case .go(let location): context.navigation.go(to: location)
    case .back:
      if !context.navigation.back() {
        // Nothing on the stack (a resumed session): back goes up, like an app's back button.
        guard context.location != .home else { throw ShellError.nothingBack }
        context.navigation.replace(with: context.location.parent)
      }
    case .renameProfile(let old, let new): context.navigation.renameProfile(old, to: new)
    }
    if context.options.remembersPosition { try rememberPosition() }
  }

  /// Saves the last position, and the last toy category, story ages and store category.
  private func rememberPosition() throws {
    let location = context.location.resumable
    try context.library.userData.preferences.update { preferences in
      preferences.lastPath = location.path
      context.sections.remember(location, in: &preferences)
    }
  }
}

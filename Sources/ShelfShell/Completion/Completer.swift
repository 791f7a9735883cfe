import ShelfDomain
import ShelfSearch
import ShelfStore
import ShelfTerminal

/// The result of Tab: where the word being completed starts and what it could become.
public struct Completion: Sendable {
  /// Character offset in the line where the word starts; the editor replaces from here to the
  /// cursor.
  public var wordStart: Int
  /// The quote the user opened for this word, if any.
  public var openQuote: Character?
  public var candidates: [Candidate]

  public init(wordStart: Int, openQuote: Character?, candidates: [Candidate]) {
    self.wordStart = wordStart
    self.openQuote = openQuote
    self.candidates = candidates
  }

  /// The text to put in place of the word for `candidate`, quoted or escaped so that it works
  /// as typed. A word the user started with a quote stays quoted and is closed, so the line
  /// always parses; a `'` in the text switches to double quotes.
  public func insertion(for candidate: Candidate) -> String {
    let space = candidate.appendsSpace ? " " : ""
    guard var quote = openQuote else { return Tokenizer.escape(candidate.text) + space }
    if quote == "'" && candidate.text.contains("'") { quote = "\"" }
    var body = candidate.text
    if quote == "\"" {
      body = body.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"")
    }
    return String(quote) + body + String(quote) + space
  }

  /// The longest text every candidate starts with, written as it must be typed; nil when
  /// there are no candidates.
  public var commonInsertion: String? {
    guard let first = candidates.first else { return nil }
    if candidates.count == 1 { return insertion(for: first) }
    var prefix = first.text
    for candidate in candidates.dropFirst() {
      prefix = String(prefix.commonPrefix(with: candidate.text))
    }
    let partial = Candidate(prefix, appendsSpace: false)
    return insertion(for: partial)
  }
}

/// Completes commands, options, paths (every segment) and item references.
struct Completer {
  let context: CommandContext

  func complete(line: String, cursor: Int) -> Completion {
    let before = String(line.prefix(cursor))
    // Only the command being typed counts: the text after the last `;` that separates commands.
    let statementStart = Tokenizer.lastStatementStart(before)
    if let target = redirectionTarget(Array(before), from: statementStart) { return target }
    let words = Tokenizer.split(
      String(before.dropFirst(statementStart)), keepTrailingEmptyWord: true
    ).map {
      Tokenizer.Word(text: $0.text, start: $0.start + statementStart, openQuote: $0.openQuote)
    }
    guard let current = words.last else {
      return Completion(
        wordStart: statementStart, openQuote: nil,
        candidates: context.registry.names(startingWith: ""))
    }
    if words.count == 1 {
      return Completion(
        wordStart: current.start, openQuote: current.openQuote,
        candidates: context.registry.names(startingWith: current.text))
    }
    guard let command = try? context.registry.command(named: words[0].text) else {
      return Completion(wordStart: current.start, openQuote: current.openQuote, candidates: [])
    }
    let previous = ParsedArguments.scan(
      words.dropFirst().dropLast().map(\.text), options: command.options)
    let candidates: [Candidate]
    if case .missingValue(let spec, _) = previous.last {
      candidates = values(of: spec, prefix: current.text)
    } else if current.text.hasPrefix("-"), current.openQuote == nil, Int(current.text) == nil {
      candidates = options(
        of: command, prefix: current.text, after: words.dropFirst().dropLast().map(\.text))
    } else {
      let index = previous.reduce(0) { count, word in
        if case .positional = word { return count + 1 }
        return count
      }
      candidates = command.complete(argumentIndex: index, prefix: current.text, in: context)
    }
    return Completion(
      wordStart: current.start, openQuote: current.openQuote, candidates: candidates)
  }

  /// Tab in what follows `>` or `>>`: file names; after `|`, the user's own shell command:
  /// nothing. Nil when the word is not after a redirection.
  private func redirectionTarget(_ line: [Character], from start: Int) -> Completion? {
    let statement = Array(line[start...])
    var found: (offset: Int, operation: Character)?
    _ = Tokenizer.scanOperators(statement, [">", "|"]) { offset, character in
      found = (offset, character)
      return false
    }
    guard let found else { return nil }
    var after = found.offset + 1
    if found.operation == ">", after < statement.count, statement[after] == ">" { after += 1 }
    let rest = String(statement[after...])
    guard let word = Tokenizer.split(rest, keepTrailingEmptyWord: true).last else { return nil }
    let candidates =
      found.operation == ">"
      ? FileCompletion(home: context.options.homeDirectory).candidates(for: word.text) : []
    return Completion(
      wordStart: start + after + word.start, openQuote: word.openQuote, candidates: candidates)
  }

  /// Option names (those the command offers here), and `--option=value` once the `=` is typed.
  private func options(of command: any Command, prefix: String, after words: [String])
    -> [Candidate]
  {
    if let equals = prefix.firstIndex(of: "="),
      let spec = command.options.first(where: { $0.names.contains(String(prefix[..<equals])) })
    {
      let name = String(prefix[...equals])
      return values(of: spec, prefix: String(prefix[prefix.index(after: equals)...])).map {
        Candidate(name + $0.text, description: $0.description, appendsSpace: $0.appendsSpace)
      }
    }
    return command.options.filter { command.offers($0, after: words, in: context) }.flatMap {
      spec in
      spec.names.filter { $0.hasPrefix(prefix) }.map { Candidate($0, description: spec.fullHelp) }
    }
  }

  /// What an option's value can be, from the option's declaration.
  private func values(of spec: OptionSpec, prefix: String) -> [Candidate] {
    guard let value = spec.value else { return [] }
    return ValueCandidates(context: context).candidates(for: value, help: spec.help, prefix: prefix)
  }
}

/// What Tab offers for a declared value (an option's or a positional argument's).
struct ValueCandidates {
  let context: CommandContext

  func candidates(for value: ValueSpec, help: String, prefix: String) -> [Candidate] {
    switch value.completion {
    case .none: []
    case .files: FileCompletion(home: context.options.homeDirectory).candidates(for: prefix)
    case .words(let words):
      words.filter { $0.hasPrefix(prefix.lowercased()) }.map { Candidate($0) }
    case .choices(let choices): choices.filter { $0.text.hasPrefix(prefix.lowercased()) }
    case .paths: PathCompletion(context: context).candidates(for: prefix)
    case .references: references(prefix: prefix)
    case .listOrders:
      (context.screens().capabilities(at: context.location)?.orders ?? [])
        .filter { $0.hasPrefix(prefix.lowercased()) }.map { Candidate($0, description: "by \($0)") }
    case .profiles: ProfileCompletion(context: context).candidates(for: prefix)
    case .otherProfiles:
      ProfileCompletion(context: context).candidates(for: prefix, excludingActive: true)
    case .columns: columns(prefix: prefix)
    }
  }

  /// REF: a path to an item (`/toys/Plush/`), a kind-qualified id of the whole catalog
  /// (`toy:4`), else the current list's ids and names, or when none matches, the kind prefixes
  /// (`sh` → `show:`).
  private func references(prefix: String) -> [Candidate] {
    if prefix.contains("/") { return PathCompletion(context: context).candidates(for: prefix) }
    let kinds = KindCompletion(context: context)
    if let colon = prefix.firstIndex(of: ":"),
      let kind = ItemKind(rawValue: prefix[..<colon].lowercased())
    {
      return kinds.items(of: kind, idPrefix: String(prefix[prefix.index(after: colon)...]))
    }
    let here = ReferenceCompletion(context: context).candidates(for: prefix)
    return here.isEmpty ? kinds.kinds(startingWith: prefix) : here
  }

  /// The keys of the list here for `--columns`, after the last comma: `id,na` → `id,name`.
  private func columns(prefix: String) -> [Candidate] {
    let done = prefix.lastIndex(of: ",").map { String(prefix[...$0]) } ?? ""
    let typed = prefix.dropFirst(done.count)
    let chosen = Set(done.split(separator: ",").map(String.init))
    let keys = context.screens().capabilities(at: context.location)?.keys ?? []
    return keys.filter { $0.hasPrefix(typed) && !chosen.contains($0) }.map {
      Candidate(done + $0, appendsSpace: false)
    }
  }
}

/// Candidates for a path being typed: every segment completes.
struct PathCompletion {
  let context: CommandContext

  func candidates(for prefix: String) -> [Candidate] {
    let directoryPart: String
    let namePart: String
    if let slash = prefix.lastIndex(of: "/") {
      directoryPart = String(prefix[...slash])
      namePart = String(prefix[prefix.index(after: slash)...])
    } else {
      directoryPart = ""
      namePart = prefix
    }
    if namePart == ".." || namePart == "." { return [Candidate(prefix + "/", appendsSpace: false)] }
    let base: Location
    if directoryPart.isEmpty {
      base = context.location
    } else {
      guard
        let resolved = try? PathResolver(places: context.places).resolve(
          directoryPart, from: context.location)
      else { return [] }
      base = resolved
    }
    let key = SearchKey.name(namePart)
    if let list = try? context.places.indexedList(at: base) {
      // An item list: ids and folded names are looked up in the list's index.
      var positions = Set(list.index.positions(idPrefix: namePart))
      if !key.isEmpty { positions.formUnion(list.index.positions(nameKeyPrefix: key)) }
      return positions.sorted().map { position in
        let entry = list.entry(position)
        return Candidate(directoryPart + entry.segment, description: entry.name)
      }
    }
    let children =
      (try? base == .shows
        ? context.places.completionItems(at: base, prefix: namePart)
        : context.places.children(of: base)) ?? []
    return children.compactMap { entry in
      if entry.isItem {
        let matches =
          entry.segment.hasPrefix(namePart)
          || (!key.isEmpty && SearchKey.name(entry.name).hasPrefix(key))
        return matches ? Candidate(directoryPart + entry.segment, description: entry.name) : nil
      }
      guard
        key.isEmpty || SearchKey.name(entry.name).hasPrefix(key)
          || SearchKey.name(entry.segment).hasPrefix(key)
      else { return nil }
      return Candidate(directoryPart + entry.segment + "/", appendsSpace: false)
    }
  }
}

/// Candidates for REF: ids (kind-qualified in mixed lists) and names of the current list.
struct ReferenceCompletion {
  let context: CommandContext

  func candidates(for prefix: String) -> [Candidate] {
    var scope = context.location
    if scope.isDetails { scope = scope.parent }
    // An empty, numeric or kind-qualified prefix completes ids only; names are folded only
    // when the prefix could be a name.
    let idsOnly = prefix.isEmpty || Int(prefix) != nil || prefix.contains(":")
    let key = idsOnly ? "" : SearchKey.name(prefix)
    if let list = try? context.places.indexedList(at: scope) {
      // A list of one kind with its index: ids as typed, names by folded prefix.
      let idPositions = list.index.positions(idPrefix: prefix)
      let byID = idPositions.map { position in
        let entry = list.entry(position)
        return Candidate(entry.segment, description: entry.name)
      }
      guard !key.isEmpty else { return byID }
      let matchedByID = Set(idPositions)
      let byName = list.index.positions(nameKeyPrefix: key).filter { !matchedByID.contains($0) }
        .map { position in
          let entry = list.entry(position)
          return Candidate(entry.name, description: entry.segment)
        }
      return byName + byID
    }
    let entries = (try? context.places.completionItems(at: scope, prefix: prefix)) ?? []
    let mixed =
      Set(entries.compactMap { $0.item?.kind }).count > 1 || scope == .favorites || scope == .cart
      || scope == .home
    var byID: [Candidate] = []
    var byName: [Candidate] = []
    for entry in entries {
      // Items by id; episodes (no item) by their segment, `E3`.
      guard entry.isItem else { continue }
      let id = entry.item.map { mixed ? $0.description : String($0.id) } ?? entry.segment
      let bareID = entry.item.map { String($0.id) } ?? entry.segment
      if id.hasPrefix(prefix) || (mixed && !prefix.isEmpty && bareID.hasPrefix(prefix)) {
        byID.append(Candidate(id, description: entry.name))
      } else if !key.isEmpty, SearchKey.name(entry.name).hasPrefix(key) {
        // A name with control characters (from the network) is never typed into the line:
        // its id is, with the cleaned name beside it.
        let clean = TerminalText.sanitize(entry.name)
        byName.append(
          clean == entry.name
            ? Candidate(entry.name, description: id) : Candidate(id, description: clean))
      }
    }
    return idsOnly ? byID : byName + byID
  }
}

/// Candidates for a person's name: the household's names starting with the prefix, in any
/// case.
struct ProfileCompletion {
  let context: CommandContext

  func candidates(for prefix: String, excludingActive: Bool = false) -> [Candidate] {
    let key = ProfileName.key(prefix)
    let active = context.library.userData.active.id
    let people = (try? context.library.household().profiles) ?? []
    return people.filter { $0.key.hasPrefix(key) && !(excludingActive && $0.id == active) }.map {
      Candidate($0.name, description: $0.born.map { "born \($0)" } ?? "adult")
    }
  }
}

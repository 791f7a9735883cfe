import ShelfCatalog

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
    let words = Tokenizer.split(before, keepTrailingEmptyWord: true)
    guard let current = words.last else {
      return Completion(
        wordStart: 0, openQuote: nil, candidates: context.registry.names(startingWith: ""))
    }
    if words.count == 1 {
      return Completion(
        wordStart: current.start, openQuote: current.openQuote,
        candidates: context.registry.names(startingWith: current.text))
    }
    guard let command = try? context.registry.command(named: words[0].text) else {
      return Completion(wordStart: current.start, openQuote: current.openQuote, candidates: [])
    }
    let candidates: [Candidate]
    if current.text.hasPrefix("-"), current.openQuote == nil, Int(current.text) == nil {
      candidates = command.options.flatMap(\.names).filter { $0.hasPrefix(current.text) }
        .map { name in
          Candidate(name, description: command.options.first { $0.names.contains(name) }?.help)
        }
    } else {
      let index = positionalIndex(
        of: words.dropFirst().dropLast().map(\.text), options: command.options)
      guard let index else {
        return Completion(wordStart: current.start, openQuote: current.openQuote, candidates: [])
      }
      candidates = command.complete(argumentIndex: index, prefix: current.text, in: context)
    }
    return Completion(
      wordStart: current.start, openQuote: current.openQuote, candidates: candidates)
  }

  /// Which positional argument the next word is; nil when it is an option's value.
  private func positionalIndex(of previous: [String], options: [OptionSpec]) -> Int? {
    var index = 0
    var expectsValue = false
    for word in previous {
      if expectsValue {
        expectsValue = false
        continue
      }
      if let spec = options.first(where: { $0.names.contains(word) }) {
        expectsValue = spec.takesValue
      } else {
        index += 1
      }
    }
    return expectsValue ? nil : index
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
        let resolved = try? PathResolver(directory: context.directory).resolve(
          directoryPart, from: context.location)
      else { return [] }
      base = resolved
    }
    let key = SearchKey.name(namePart)
    if let list = try? context.directory.indexedList(at: base) {
      // An item list: ids and folded names are looked up in the list's index.
      var positions = Set(list.index.positions(idPrefix: namePart))
      if !key.isEmpty { positions.formUnion(list.index.positions(nameKeyPrefix: key)) }
      return positions.sorted().map { position in
        let entry = list.entry(position)
        return Candidate(directoryPart + entry.segment, description: entry.name)
      }
    }
    let children = (try? context.directory.children(of: base)) ?? []
    return children.compactMap { entry in
      if entry.isItem {
        let matches =
          entry.segment.hasPrefix(namePart)
          || (!key.isEmpty && SearchKey.name(entry.name).hasPrefix(key))
        return matches ? Candidate(directoryPart + entry.segment, description: entry.name) : nil
      }
      guard SearchKey.name(entry.name).hasPrefix(key) || key.isEmpty else { return nil }
      return Candidate(directoryPart + entry.name + "/", appendsSpace: false)
    }
  }
}

/// Candidates for REF: ids (kind-qualified in mixed lists) and names of the current list.
struct ReferenceCompletion {
  let context: CommandContext

  func candidates(for prefix: String) -> [Candidate] {
    var scope = context.location
    if scope.item != nil { scope = scope.parent }
    // An empty, numeric or kind-qualified prefix completes ids only; names are folded only
    // when the prefix could be a name.
    let idsOnly = prefix.isEmpty || Int(prefix) != nil || prefix.contains(":")
    let key = idsOnly ? "" : SearchKey.name(prefix)
    if let list = try? context.directory.indexedList(at: scope) {
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
    let entries = (try? context.directory.items(at: scope)) ?? []
    let mixed =
      Set(entries.compactMap { $0.item?.kind }).count > 1 || scope == .favorites || scope == .cart
      || scope == .home
    var byID: [Candidate] = []
    var byName: [Candidate] = []
    for entry in entries {
      guard let item = entry.item else { continue }
      let id = mixed ? item.description : String(item.id)
      if id.hasPrefix(prefix) || (mixed && !prefix.isEmpty && String(item.id).hasPrefix(prefix)) {
        byID.append(Candidate(id, description: entry.name))
      } else if !key.isEmpty, SearchKey.name(entry.name).hasPrefix(key) {
        byName.append(Candidate(entry.name, description: id))
      }
    }
    return idsOnly ? byID : byName + byID
  }
}

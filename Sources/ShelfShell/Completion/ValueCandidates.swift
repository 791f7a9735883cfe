import ShelfDomain
import ShelfSearch
import ShelfStore
import ShelfTerminal

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

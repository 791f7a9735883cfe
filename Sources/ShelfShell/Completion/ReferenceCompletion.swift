import ShelfDomain
import ShelfSearch
import ShelfStore
import ShelfTerminal

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

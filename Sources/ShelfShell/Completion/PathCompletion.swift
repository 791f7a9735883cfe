import ShelfDomain
import ShelfSearch
import ShelfStore
import ShelfTerminal

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

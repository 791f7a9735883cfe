import ShelfDomain
import ShelfSearch

/// Resolves REF — an id, a name (a unique prefix is enough) or a kind-qualified id such as
/// `toy:42` — against the items of the current screen.
struct ReferenceResolver {
  let places: Places

  func resolve(_ reference: String, at location: Location) throws -> Entry {
    let scope = location.isDetails ? location.parent : location
    if let qualified = ItemID(parsing: reference) {
      // A row of the list you are in first (in /upnext, show:1 is that show's next episode).
      if let row = try places.items(at: scope).first(where: { $0.item == qualified }) {
        return row
      }
      guard let entry = try places.entry(for: qualified) else {
        throw ShellError.unknownReference(reference, searched: "the catalog")
      }
      return entry
    }
    let entries = try places.candidates(for: reference, at: scope)
    let lowered = reference.lowercased()
    let named = entries.filter { $0.aliases.contains { $0.lowercased() == lowered } }
    if named.count == 1 { return named[0] }
    let searched = scope == .home ? "/ (use a kind-qualified id such as toy:42)" : scope.path
    if let number = Int(reference) {
      let matches = entries.filter { $0.item?.id == number }
      if matches.count == 1 { return matches[0] }
      if matches.count > 1 {
        throw ShellError.ambiguousReference(
          reference, candidates: matches.compactMap { $0.item?.description })
      }
      throw ShellError.unknownReference(reference, searched: searched)
    }
    // A name that folds to nothing (`-`, `…`) can still be named exactly.
    let literal = entries.filter { $0.name.lowercased() == reference.lowercased() }
    if literal.count == 1 { return literal[0] }
    let key = SearchKey.name(reference)
    guard !key.isEmpty else { throw ShellError.unknownReference(reference, searched: searched) }
    let exact = entries.filter { SearchKey.name($0.name) == key }
    if exact.count == 1 { return exact[0] }
    let slug = SearchKey.slug(reference)
    let bySlug = slug.isEmpty ? [] : entries.filter { SearchKey.slug($0.name).hasPrefix(slug) }
    if exact.isEmpty, bySlug.count == 1 { return bySlug[0] }
    let candidates =
      exact.isEmpty ? entries.filter { SearchKey.name($0.name).hasPrefix(key) } : exact
    if candidates.count == 1 { return candidates[0] }
    if candidates.count > 1 {
      throw ShellError.ambiguousReference(
        reference, candidates: candidates.map { "\($0.name) (\($0.item?.description ?? ""))" })
    }
    throw ShellError.unknownReference(reference, searched: searched)
  }
}

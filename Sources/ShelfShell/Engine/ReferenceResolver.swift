import ShelfDomain
import ShelfSearch

/// Resolves REF — an id, a name (a unique prefix is enough) or a kind-qualified id such as
/// `toy:42` — against the items of the current screen. In find results, a REF that names
/// none of them names an item of the section searched, as it would there; from `/`, where
/// an id is no one item, the error gives the kind-qualified ids that name it.
struct ReferenceResolver {
  let places: any PlaceDirectory

  func resolve(_ reference: String, at location: Location) throws -> Entry {
    let scope = location.isDetails ? location.parent : location
    guard case .search(let section, _) = scope else { return try resolve(reference, in: scope) }
    do {
      return try resolve(reference, in: scope)
    } catch ShellError.unknownReference {
      return try outsideResults(reference, of: section)
    }
  }

  /// A REF that is none of the results of a find in `section`: what it names there, or at a
  /// section's top (`/toys`, whose list is its categories), the item with that id anywhere in
  /// the section (toy 42 in `/toys/Dolls`). From `/`, the kind-qualified ids that name it.
  private func outsideResults(_ reference: String, of section: Location) throws -> Entry {
    if section != .home, let entry = try? resolve(reference, in: section) { return entry }
    let naming = try Int(reference).map { id in
      try ItemKind.allCases.compactMap { kind -> Entry? in
        guard let entry = try places.entry(for: ItemID(kind, id)), !entry.isGone,
          section == .home
            || section == section.sectionRoot
              && entry.location.sectionRoot == section
        else { return nil }
        return entry
      }
    }
    if section != .home, let naming, naming.count == 1 { return naming[0] }
    guard section == .home, let naming, !naming.isEmpty else {
      let place = section == .home ? "" : " or in \(section.path)"
      throw ShellError.unknownReference(reference, searched: "the find results" + place)
    }
    throw ShellError.notAmongResults(reference, naming: naming.compactMap(\.item?.description))
  }

  /// Whether `reference` names `item` whole: its id, its kind-qualified id, a path, or its
  /// whole name (in any case, with or without accents and punctuation); false for the start of
  /// its name only, which a command that removes something asks about first.
  static func namesWhole(_ reference: String, item: ItemID, name: String) -> Bool {
    if reference.contains("/") || Int(reference) == item.id { return true }
    if ItemID(parsing: reference) == item { return true }
    if reference.lowercased() == name.lowercased() { return true }
    let key = SearchKey.name(reference)
    if !key.isEmpty, key == SearchKey.name(name) { return true }
    let slug = SearchKey.slug(reference)
    return !slug.isEmpty && slug == SearchKey.slug(name)
  }

  private static func searched(_ scope: Location) -> String {
    scope == .home ? "/ (use a kind-qualified id such as toy:42)" : scope.path
  }

  private func resolve(_ reference: String, in scope: Location) throws -> Entry {
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
    let searched = Self.searched(scope)
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

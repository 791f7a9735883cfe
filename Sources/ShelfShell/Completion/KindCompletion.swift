import ShelfCatalog
import ShelfDomain

/// Candidates for a kind-qualified id, `toy:4` → `toy:4`, `toy:40` … `toy:49` with their names
/// (from the whole catalog, or the show store for `show:`), and for the kind prefixes
/// themselves (`sh` → `show:`).
struct KindCompletion {
  let context: CommandContext
  /// Most ids offered for one prefix.
  static let limit = 200

  /// The kind prefixes `prefix` starts (nothing for an empty prefix).
  func kinds(startingWith prefix: String) -> [Candidate] {
    guard !prefix.isEmpty else { return [] }
    return ItemKind.allCases.map { $0.rawValue + ":" }.filter { $0.hasPrefix(prefix.lowercased()) }
      .map { Candidate($0, description: "a \($0.dropLast()) by its id", appendsSpace: false) }
  }

  /// The items of `kind` whose id starts with `digits`.
  func items(of kind: ItemKind, idPrefix digits: String) -> [Candidate] {
    guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return [] }
    let found: [(id: Int, name: String)]
    switch kind {
    case .show:
      let entries = (try? context.places.completionItems(at: .shows, prefix: digits)) ?? []
      found = entries.compactMap { entry in
        guard let item = entry.item, String(item.id).hasPrefix(digits) else { return nil }
        return (item.id, entry.name)
      }
    case .toy, .story, .product:
      guard let catalog = try? context.library.catalog else { return [] }
      found = Self.matching(digits, in: Self.items(of: kind, in: catalog))
    }
    return found.prefix(Self.limit).map {
      Candidate("\(kind.rawValue):\($0.id)", description: $0.name)
    }
  }

  private static func items(of kind: ItemKind, in catalog: Catalog) -> [(id: Int, name: String)] {
    switch kind {
    case .toy: catalog.toys.map { ($0.id, $0.name) }
    case .story: catalog.stories.map { ($0.id, $0.title) }
    case .product: catalog.products.map { ($0.id, $0.name) }
    case .show: []
    }
  }

  private static func matching(_ digits: String, in items: [(id: Int, name: String)])
    -> [(id: Int, name: String)]
  {
    items.filter { String($0.id).hasPrefix(digits) }.sorted { $0.id < $1.id }
  }
}

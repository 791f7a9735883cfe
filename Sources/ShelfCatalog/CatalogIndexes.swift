import Foundation

/// The search and completion indexes of one loaded catalog, each built on first use and kept
/// for the life of the catalog (a catalog never changes once loaded). Thread-safe.
final class CatalogIndexes: @unchecked Sendable {
  enum ListKey: Hashable {
    case toyCategory(String)
    case storyAges(AgeRange)
    case productCategory(String)
  }

  private let lock = NSLock()
  private var searches: [ItemKind: SearchIndex] = [:]
  private var completions: [ListKey: CompletionIndex] = [:]

  func search(_ kind: ItemKind, build: () -> SearchIndex) -> SearchIndex {
    lock.lock()
    defer { lock.unlock() }
    if let index = searches[kind] { return index }
    let index = build()
    searches[kind] = index
    return index
  }

  func completion(_ key: ListKey, build: () -> CompletionIndex) -> CompletionIndex {
    lock.lock()
    defer { lock.unlock() }
    if let index = completions[key] { return index }
    let index = build()
    completions[key] = index
    return index
  }
}

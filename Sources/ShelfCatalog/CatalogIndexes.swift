import Foundation
import ShelfDomain
import ShelfSearch

/// The search, completion and sort indexes of one loaded catalog. Those read from the index
/// file are there from the start; the others are built on first use and kept for the life of
/// the catalog (a loaded catalog never changes). Thread-safe.
final class CatalogIndexes: @unchecked Sendable {
  enum ListKey: Hashable {
    case toyCategory(String)
    case storyAges(AgeRange)
    case productCategory(String)
  }

  private let lock = NSLock()
  private var searches: [ItemKind: SearchIndex] = [:]
  private var completions: [ListKey: CompletionIndex] = [:]
  private var toyOrders: ToyOrders?

  init() {}

  /// The toys' indexes, already made (read from the index file, or built to be written there).
  init(toys: ToyIndexes) {
    searches[.toy] = toys.search
    for (category, index) in toys.completions { completions[.toyCategory(category)] = index }
    toyOrders = toys.orders
  }

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

  func orders(build: () -> ToyOrders) -> ToyOrders {
    lock.lock()
    defer { lock.unlock() }
    if let toyOrders { return toyOrders }
    let orders = build()
    toyOrders = orders
    return orders
  }
}

/// Every index of the toys, as the index file keeps them: `find`'s word index, completion of
/// each category's list and the sort orders.
struct ToyIndexes: Sendable {
  let search: SearchIndex
  /// By category name.
  let completions: [String: CompletionIndex]
  let orders: ToyOrders
}

/// Tab completion over one list of items: ids as typed and folded names, each sorted once so
/// that a prefix is found by binary search instead of a scan of every item.
public struct CompletionIndex: Sendable {
  private let idTexts: [String]
  private let idOrder: [Int32]
  private let nameKeys: [String]
  private let nameOrder: [Int32]

  public var count: Int { idTexts.count }

  /// `ids[i]` and `names[i]` describe the list's item `i`.
  public init(ids: [Int], names: [String]) {
    idTexts = ids.map { String($0) }
    nameKeys = names.map(SearchKey.name)
    idOrder = ByteOrder.sortedPositions(idTexts)
    nameOrder = ByteOrder.sortedPositions(nameKeys)
  }

  /// Positions (ascending) of the items whose id starts with `prefix`.
  public func positions(idPrefix prefix: String) -> [Int] {
    Self.matches(prefix, in: idTexts, order: idOrder)
  }

  /// Positions (ascending) of the items whose folded name starts with `key`, a prefix already
  /// folded by `SearchKey.name`.
  public func positions(nameKeyPrefix key: String) -> [Int] {
    Self.matches(key, in: nameKeys, order: nameOrder)
  }

  private static func matches(_ prefix: String, in keys: [String], order: [Int32]) -> [Int] {
    let target = Array(prefix.utf8)
    var low = 0
    var high = order.count
    while low < high {
      let middle = (low + high) / 2
      if keys[Int(order[middle])].utf8.lexicographicallyPrecedes(target) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    var found: [Int] = []
    var index = low
    while index < order.count, keys[Int(order[index])].utf8.starts(with: target) {
      found.append(Int(order[index]))
      index += 1
    }
    return found.sorted()
  }
}

import ShelfStorage

/// Tab completion over one list of items: ids as typed and folded names, each sorted once so
/// that a prefix is found by binary search instead of a scan of every item. The keys are
/// packed in one buffer each (no string per item), in memory or in the catalog's index file.
public struct CompletionIndex: Sendable {
  /// What the index is made of, as the index file keeps it.
  public struct Parts: Sendable {
    public var idKeys: KeyColumn
    public var idOrder: Column<Int32>
    public var nameKeys: KeyColumn
    public var nameOrder: Column<Int32>

    public init(
      idKeys: KeyColumn, idOrder: Column<Int32>, nameKeys: KeyColumn, nameOrder: Column<Int32>
    ) {
      self.idKeys = idKeys
      self.idOrder = idOrder
      self.nameKeys = nameKeys
      self.nameOrder = nameOrder
    }
  }

  public let parts: Parts
  private var idKeys: KeyColumn { parts.idKeys }
  private var idOrder: Column<Int32> { parts.idOrder }
  private var nameKeys: KeyColumn { parts.nameKeys }
  private var nameOrder: Column<Int32> { parts.nameOrder }

  public var count: Int { idKeys.count }

  /// `ids[i]` and `names[i]` describe the list's item `i`.
  public init(ids: [Int], names: [String]) {
    self.init(
      ids: PackedKeys(ids.lazy.map(String.init)), names: PackedKeys(names.lazy.map(SearchKey.name)))
  }

  /// Over `count` items: `id(i)` is item `i`'s id, `withName(i, body)` calls `body` with the
  /// UTF-8 bytes of its name.
  public init(
    count: Int, id: (Int) -> Int,
    withName: (Int, (UnsafeBufferPointer<UInt8>) -> Void) -> Void
  ) {
    var ids = PackedKeys()
    var names = PackedKeys()
    ids.reserveCapacity(keys: count, bytes: count * 7)
    names.reserveCapacity(keys: count, bytes: count * 24)
    for item in 0..<count {
      ids.append(String(id(item)))
      withName(item) { SearchKey.appendNameKey($0, to: &names) }
    }
    self.init(ids: ids, names: names)
  }

  private init(ids: PackedKeys, names: PackedKeys) {
    parts = Parts(
      idKeys: KeyColumn(ids), idOrder: Column(ids.sortedPositions()), nameKeys: KeyColumn(names),
      nameOrder: Column(names.sortedPositions()))
  }

  public init(parts: Parts) {
    self.parts = parts
  }

  /// Positions (ascending) of the items whose id starts with `prefix`.
  public func positions(idPrefix prefix: String) -> [Int] {
    Self.matches(prefix, in: idKeys, order: idOrder)
  }

  /// Positions (ascending) of the items whose folded name starts with `key`, a prefix already
  /// folded by `SearchKey.name`.
  public func positions(nameKeyPrefix key: String) -> [Int] {
    Self.matches(key, in: nameKeys, order: nameOrder)
  }

  private static func matches(_ prefix: String, in keys: KeyColumn, order: Column<Int32>) -> [Int] {
    let target = Array(prefix.utf8)
    var low = 0
    var high = order.count
    while low < high {
      let middle = (low + high) / 2
      if keys.key(Int(order[middle]), precedes: target) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    var found: [Int] = []
    var index = low
    while index < order.count, keys.key(Int(order[index]), startsWith: target) {
      found.append(Int(order[index]))
      index += 1
    }
    return found.sorted()
  }
}

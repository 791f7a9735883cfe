import ShelfStorage

/// A list of catalog items, made one at a time when read: all the toys of a catalog, or one
/// category's. The loaded catalog keeps its items as columns over the file's text, so a list
/// of 1,000,000 toys costs nothing until an item is read, and a category's list is the
/// positions of its items.
public struct ItemList<Item: Sendable>: RandomAccessCollection, Sendable {
  public typealias Index = Int
  public typealias Indices = Range<Int>

  /// The positions in the whole table, nil for the whole table in order.
  let positions: Column<Int32>?
  private let tableCount: Int
  private let item: @Sendable (Int) -> Item

  /// The list of every item of a table of `count` items; `item(n)` makes item `n`.
  init(count: Int, item: @escaping @Sendable (Int) -> Item) {
    positions = nil
    tableCount = count
    self.item = item
  }

  /// The items of `array`, in order.
  public init(_ array: [Item]) {
    self.init(count: array.count) { array[$0] }
  }

  /// The table's items at `positions` (ascending), in that order.
  func selecting(_ positions: Column<Int32>?) -> ItemList {
    ItemList(positions: positions, tableCount: tableCount, item: item)
  }

  private init(positions: Column<Int32>?, tableCount: Int, item: @escaping @Sendable (Int) -> Item)
  {
    self.positions = positions
    self.tableCount = tableCount
    self.item = item
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { positions?.count ?? tableCount }

  public subscript(position: Int) -> Item {
    item(tablePosition(position))
  }

  /// Where item `position` of this list is in the whole table.
  func tablePosition(_ position: Int) -> Int {
    positions.map { Int($0[position]) } ?? position
  }
}

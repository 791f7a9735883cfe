import ShelfDomain

/// The fields a toy listing prints (id, name, ages, price), read from the catalog's columns
/// without making a `Toy`: a listing of 100,000 toys streams them straight into its lines.
/// The columns are read (and, from the index file, checked) whole once, when it is made.
public struct ToyListFields: @unchecked Sendable {
  /// What keeps the buffers' memory: the table's columns and the list's positions.
  private let table: ToyTable
  private let list: ItemList<Toy>
  private let positions: UnsafeBufferPointer<Int32>?
  private let ids: UnsafeBufferPointer<Int>
  private let names: UnsafeBufferPointer<TextSpan>
  private let nameText: UnsafeBufferPointer<UInt8>
  private let minimumAges: UnsafeBufferPointer<UInt8>
  private let maximumAges: UnsafeBufferPointer<UInt8>
  private let prices: UnsafeBufferPointer<Int64>

  init(table: ToyTable, list: ItemList<Toy>) {
    self.table = table
    self.list = list
    positions = list.positions?.checkedBuffer()
    ids = table.ids.checkedBuffer()
    names = table.names.checkedBuffer()
    nameText = table.nameText.checkedBuffer()
    minimumAges = table.minimumAges.checkedBuffer()
    maximumAges = table.maximumAges.checkedBuffer()
    prices = table.prices.checkedBuffer()
  }

  public var count: Int { list.count }

  /// Where toy `index` of the list is in the table's columns (the first toy for a position
  /// outside them, which only a forged index file could hold).
  @inline(__always)
  private func position(_ index: Int) -> Int {
    guard let positions else { return index }
    let position = Int(positions[index])
    return position >= 0 && position < ids.count ? position : 0
  }

  public func id(_ index: Int) -> Int { ids[position(index)] }

  /// Calls `body` with the UTF-8 bytes of toy `index`'s name.
  public func withName<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    let span = names[position(index)]
    let start = Int(span.start)
    let end = start + Int(span.count)
    guard end <= nameText.count else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    return body(UnsafeBufferPointer(rebasing: nameText[start..<end]))
  }

  public func ages(_ index: Int) -> (minimum: Int, maximum: Int) {
    let position = position(index)
    return (Int(minimumAges[position]), Int(maximumAges[position]))
  }

  public func price(_ index: Int) -> Money { Money(cents: prices[position(index)]) }
}

extension Catalog {
  /// The listed fields of `list`, one of this catalog's toy lists (`toys`,
  /// `toys(inCategory:)`, `toys(inCategory:arrangedBy:)`).
  public func toyListFields(_ list: ItemList<Toy>) -> ToyListFields {
    ToyListFields(table: toyTable, list: list)
  }
}

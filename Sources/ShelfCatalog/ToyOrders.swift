import ShelfStorage

/// Every toy in the orders `--sort` asks for, made once for the whole table: by folded name,
/// by price and by ages (ties by folded name, then by place in the file, as
/// `ListOptions.apply` breaks them). A category's list in one of these orders is the order
/// with the other categories' toys passed over, so `ls --sort price --limit 10` of 100,000
/// toys reads ten of them instead of sorting them all.
struct ToyOrders: Sendable {
  let name: Column<Int32>
  let price: Column<Int32>
  let age: Column<Int32>

  /// The orders of `table`, given its toys in name order (as `SearchIndex` makes it).
  init(table: ToyTable, nameOrder: Column<Int32>) {
    let count = table.count
    var ranks = [Int32](repeating: 0, count: count)
    nameOrder.withBuffer { order in
      for (rank, position) in order.enumerated() { ranks[Int(position)] = Int32(rank) }
    }
    let positions = (0..<count).map(Int32.init)
    let prices = table.prices.array
    let price = positions.sorted { left, right in
      let a = prices[Int(left)]
      let b = prices[Int(right)]
      return a != b ? a < b : ranks[Int(left)] < ranks[Int(right)]
    }
    let minimums = table.minimumAges.array
    let maximums = table.maximumAges.array
    let age = positions.sorted { left, right in
      let a = (minimums[Int(left)], maximums[Int(left)])
      let b = (minimums[Int(right)], maximums[Int(right)])
      return a != b ? a < b : ranks[Int(left)] < ranks[Int(right)]
    }
    self.init(name: nameOrder, price: Column(price), age: Column(age))
  }

  init(name: Column<Int32>, price: Column<Int32>, age: Column<Int32>) {
    self.name = name
    self.price = price
    self.age = age
  }

  func order(_ sort: CatalogSort) -> Column<Int32>? {
    switch sort {
    case .name: name
    case .price: price
    case .age: age
    case .relevance: nil
    }
  }
}

import ShelfStorage

/// Finds an item by id among a list's ids without a hash table: when the ids are ascending (as
/// in every catalog file written in order) by binary search over the ids themselves, otherwise
/// over the positions sorted once by id. Also says where an id first repeats.
struct IDIndex: Sendable {
  let ids: Column<Int>
  /// The positions in the order of their ids (ties by position); empty when `ids` is strictly
  /// ascending already.
  let order: Column<Int32>

  init(ids: [Int]) {
    self.ids = Column(ids)
    var ascending = true
    for index in ids.indices.dropFirst() where ids[index - 1] >= ids[index] {
      ascending = false
      break
    }
    if ascending {
      order = Column()
    } else {
      var order = (0..<ids.count).map(Int32.init)
      order.sort { ids[Int($0)] != ids[Int($1)] ? ids[Int($0)] < ids[Int($1)] : $0 < $1 }
      self.order = Column(order)
    }
  }

  /// An index read from the catalog's index file; nil when its parts do not fit together.
  init?(ids: Column<Int>, order: Column<Int32>) {
    guard order.isEmpty || order.count == ids.count else { return nil }
    self.ids = ids
    self.order = order
  }

  /// The first position holding `id`.
  func position(of id: Int) -> Int? {
    let count = ids.count
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if ids[position(inOrder: middle)] < id { low = middle + 1 } else { high = middle }
    }
    guard low < count else { return nil }
    let found = position(inOrder: low)
    return ids[found] == id ? found : nil
  }

  /// The earliest position whose id appeared before, with the position where it first did.
  var firstRepeat: (position: Int, first: Int)? {
    guard !order.isEmpty else { return nil }
    var best: (position: Int, first: Int)?
    for index in order.indices.dropFirst() {
      let previous = Int(order[index - 1])
      let current = Int(order[index])
      guard ids[previous] == ids[current] else { continue }
      // Within a run of one id the positions ascend: the run's second is its first repeat,
      // and the run's first is where the id first appeared.
      if index >= 2 && ids[Int(order[index - 2])] == ids[current] { continue }
      if best.map({ current < $0.position }) ?? true { best = (current, previous) }
    }
    return best
  }

  private func position(inOrder index: Int) -> Int {
    order.isEmpty ? index : Int(order[index])
  }
}

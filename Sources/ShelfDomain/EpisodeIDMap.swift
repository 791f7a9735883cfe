/// Values by episode id in an open-addressing table hashed by one multiplication: for the
/// tens of thousands of look-ups `stats` and up next make (an episode's runtime, whether it
/// is watched), where a `Dictionary`'s seeded hashing of every key cost more than the rest
/// of the count.
///
/// Inlinable, so that each user gets a copy made for its values: across modules a generic
/// table would be used through its generic form, slower than the dictionary it replaces.
public struct EpisodeIDMap<Value> {
  @usableFromInline var ids: [Int]
  @usableFromInline var values: [Value?]
  @usableFromInline var shift: UInt64
  /// How many ids it holds.
  public var count: Int { held }
  @usableFromInline var held = 0

  /// Room for `capacity` ids before the table grows.
  @inlinable public init(capacity: Int) {
    var bits = 4
    while 1 << bits < 2 * capacity { bits += 1 }
    ids = Array(repeating: 0, count: 1 << bits)
    values = Array(repeating: nil, count: 1 << bits)
    shift = UInt64(64 - bits)
  }

  /// Setting nil leaves the table as it is (nothing needs removing).
  @inlinable public subscript(id: Int) -> Value? {
    get {
      var slot = self.slot(of: id)
      while let value = values[slot] {
        if ids[slot] == id { return value }
        slot = (slot + 1) & (ids.count - 1)
      }
      return nil
    }
    set {
      guard let newValue else { return }
      var slot = self.slot(of: id)
      while values[slot] != nil, ids[slot] != id { slot = (slot + 1) & (ids.count - 1) }
      if values[slot] == nil {
        // At most half full, so that probes stay short and always end.
        guard 2 * (held + 1) <= ids.count else {
          grow()
          self[id] = newValue
          return
        }
        held += 1
      }
      ids[slot] = id
      values[slot] = newValue
    }
  }

  @usableFromInline mutating func grow() {
    var larger = EpisodeIDMap(capacity: ids.count)
    for (id, value) in zip(ids, values) where value != nil { larger[id] = value }
    self = larger
  }

  /// Fibonacci hashing: the top bits of the id times 2^64 / φ.
  @inlinable func slot(of id: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }
}

extension EpisodeIDMap where Value == Bool {
  /// The set of `ids`.
  @inlinable public init<IDs: Collection<Int>>(ids: IDs) {
    self.init(capacity: ids.count)
    for id in ids { self[id] = true }
  }

  @inlinable public func contains(_ id: Int) -> Bool { self[id] != nil }
}

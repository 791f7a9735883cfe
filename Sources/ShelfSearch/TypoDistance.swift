/// Damerau edit distance (optimal string alignment): an insertion, a deletion, a change or a
/// swap of two neighbouring characters each count as one edit, so `dinosuar` is one edit from
/// `dinosaur`. Bounded: gives up as soon as the distance must exceed `limit`.
public enum TypoDistance {
  /// The distance when it is at most `limit`, else nil.
  public static func within<Element: Equatable>(
    _ left: [Element], _ right: [Element], limit: Int
  ) -> Int? {
    left.withUnsafeBufferPointer { left in
      right.withUnsafeBufferPointer { right in within(left, right, limit: limit) }
    }
  }

  /// The distance when it is at most `limit`, else nil. The three rows it needs are on the
  /// stack: `find` compares the query with every word of a catalog, and must not allocate
  /// for each.
  public static func within<Element: Equatable>(
    _ left: UnsafeBufferPointer<Element>, _ right: UnsafeBufferPointer<Element>, limit: Int
  ) -> Int? {
    let n = left.count
    let m = right.count
    if abs(n - m) > limit { return nil }
    if n == 0 { return m }
    if m == 0 { return n }
    let width = m + 1
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
      guard let base = rows.baseAddress else { return nil }
      var before = base
      var previous = base + width
      var current = base + 2 * width
      for j in 0...m {
        before[j] = 0
        previous[j] = j
        current[j] = 0
      }
      for i in 1...n {
        current[0] = i
        var rowMinimum = i
        for j in 1...m {
          let cost = left[i - 1] == right[j - 1] ? 0 : 1
          var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
          if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
            value = min(value, before[j - 2] + 1)
          }
          current[j] = value
          rowMinimum = min(rowMinimum, value)
        }
        if rowMinimum > limit { return nil }
        (before, previous, current) = (previous, current, before)
      }
      let distance = previous[m]
      return distance <= limit ? distance : nil
    }
  }
}

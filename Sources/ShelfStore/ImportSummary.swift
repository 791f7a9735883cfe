import ShelfDomain

/// What an import added or changed, datum by datum, and what it left out.
public struct ImportSummary: Equatable, Sendable, CustomStringConvertible {
  /// How many members of each datum the import added or changed, by datum name.
  public var counts: [String: Int]
  /// Items the import left out: neither the catalog nor the show store has them.
  public var notImported: [ItemID]

  public init(counts: [String: Int] = [:], notImported: [ItemID] = []) {
    self.counts = counts
    self.notImported = notImported
  }

  /// How many of the datum named `name` were added or changed.
  public func count(of name: String) -> Int { counts[name] ?? 0 }

  /// `Added or changed 2 favorites, 1 cart line and 3 watched episodes.`, in the order the
  /// datums are declared; `Nothing was new.` when nothing changed.
  public var description: String {
    let parts = UserDataDeclaration.datums.compactMap { datum -> String? in
      let count = count(of: datum.name)
      return count > 0 ? datum.counted(count) : nil
    }
    guard let last = parts.last else { return "Nothing was new." }
    let list =
      parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
    return "Added or changed \(list)."
  }
}

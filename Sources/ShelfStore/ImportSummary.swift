import ShelfDomain

/// What an import added and changed.
public struct ImportSummary: Equatable, Sendable, CustomStringConvertible {
  public var addedFavorites = 0
  /// Favourite shows whose saved data was replaced by the imported one.
  public var changedFavorites = 0
  public var addedCartLines = 0
  /// Cart lines whose quantity was set to the imported one.
  public var changedCartLines = 0
  public var addedWatched = 0
  public var addedProfiles = 0
  public var addedWishes = 0
  public var addedStoriesRead = 0
  /// Items the import left out: neither the catalog nor the show store has them.
  public var notImported: [ItemID] = []

  public init() {}

  public var description: String {
    func count(_ number: Int, _ one: String, _ many: String) -> String {
      "\(number) \(number == 1 ? one : many)"
    }
    let added = [
      count(addedFavorites, "favorite", "favorites"),
      count(addedCartLines, "cart line", "cart lines"),
      count(addedWatched, "watched episode", "watched episodes"),
    ]
    let changed = [
      count(changedFavorites, "favorite show", "favorite shows"),
      count(changedCartLines, "cart quantity", "cart quantities"),
    ]
    var text = "Added \(added.joined(separator: ", ")); changed \(changed.joined(separator: ", "))."
    if addedProfiles + addedWishes + addedStoriesRead > 0 {
      text +=
        " Added \(count(addedProfiles, "profile", "profiles")), "
        + "\(count(addedWishes, "wish", "wishes")), "
        + "\(count(addedStoriesRead, "story read", "stories read"))."
    }
    return text
  }
}

import Foundation
import ShelfDomain

/// The favourites' rules over `favorites.plist`: an item is there once; a show is kept with
/// its data so that it can be listed offline. A change that changes nothing writes nothing.
public final class Favorites {
  public let file: PropertyListFile<FavoritesDocument>

  public init(file: PropertyListFile<FavoritesDocument>) {
    self.file = file
  }

  public var url: URL { file.url }

  public func read() throws -> FavoritesDocument {
    try file.read()
  }

  public func contains(_ item: ItemID) throws -> Bool {
    try file.read().contains(item)
  }

  /// Adds `item` (a show with `show`'s data, another item with `name`, its name now); false
  /// when it was already a favourite.
  @discardableResult
  public func add(_ item: ItemID, show: Show? = nil, name: String? = nil) throws -> Bool {
    try file.update { $0.add(item, show: show, name: name) }
  }

  /// Removes `item`; false when it was not a favourite.
  @discardableResult
  public func remove(_ item: ItemID) throws -> Bool {
    try file.update { $0.remove(item) }
  }

  /// Adds `item` when it is not a favourite, else removes it. True when it is one now.
  @discardableResult
  public func toggle(_ item: ItemID, show: Show? = nil, name: String? = nil) throws -> Bool {
    try file.update { favorites in
      if favorites.remove(item) { return false }
      return favorites.add(item, show: show, name: name)
    }
  }
}

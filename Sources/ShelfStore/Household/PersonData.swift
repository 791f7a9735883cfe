import Foundation

/// One person's files, in `profiles/NAME/` of the data directory: favourites, watched marks,
/// stories read, the wish list and the last position. Every document that belongs to a person
/// rather than to the household is created here, so it follows the active profile.
public final class PersonData {
  public let directory: URL
  public let favorites: Favorites
  public let watched: WatchedFile
  public let storiesRead: PropertyListFile<StoriesReadDocument>
  public let wishList: PropertyListFile<WishListDocument>
  /// The last position and the last categories visited.
  public let preferences: PropertyListFile<PreferencesDocument>
  /// Statuses and ratings of shows, ratings of episodes, the spoilers choice, `new`'s time.
  public let tracking: PropertyListFile<TrackingDocument>

  /// `cacheDirectory`, when given, keeps compact copies of the favourites and watched marks.
  public init(directory: URL, cacheDirectory: URL? = nil) {
    self.directory = directory
    func file(_ name: String) -> URL { directory.appendingPathComponent(name, isDirectory: false) }
    favorites = Favorites(
      file: PropertyListFile(
        url: file("favorites.plist"),
        snapshot: cacheDirectory.map {
          FavoritesDocument.snapshot(of: file("favorites.plist"), in: $0)
        }))
    watched = WatchedFile(
      file: PropertyListFile(
        url: file("watched.plist"),
        snapshot: cacheDirectory.map {
          WatchedDocument.snapshot(of: file("watched.plist"), in: $0)
        }))
    storiesRead = PropertyListFile(url: file("read.plist"))
    wishList = PropertyListFile(url: file("wishlist.plist"))
    preferences = PropertyListFile(url: file("preferences.plist"))
    tracking = PropertyListFile(url: file("tracking.plist"))
  }

  /// The files whose names a data directory from before profiles had (the first start moves
  /// them here), by name.
  static let oldFileNames = ["favorites.plist", "watched.plist", "preferences.plist"]

  /// Warnings from any of the files since the last call.
  public func takeWarnings() -> [StoreWarning] {
    favorites.file.takeWarnings() + watched.file.takeWarnings() + storiesRead.takeWarnings()
      + wishList.takeWarnings() + preferences.takeWarnings() + tracking.takeWarnings()
  }
}

import Foundation
import ShelfCatalog
import ShelfFiles

/// The user's files: favourites, cart, watched marks and tracking in the data directory, preferences
/// (the last position) and the line-edit history in the state directory, the local copy of the
/// show list in the cache directory. The state and cache directories default to the data
/// directory.
public final class UserData {
  public let directory: URL
  public let stateDirectory: URL
  public let cacheDirectory: URL
  public let favorites: Favorites
  public let cart: Cart
  public let watched: WatchedFile
  /// Statuses and ratings of shows, ratings of episodes, the spoilers choice, `new`'s time.
  public let tracking: PropertyListFile<TrackingDocument>
  public let preferences: PropertyListFile<PreferencesDocument>
  private var warnings: [StoreWarning] = []

  public init(directory: URL, stateDirectory: URL? = nil, cacheDirectory: URL? = nil) {
    self.directory = directory
    self.stateDirectory = stateDirectory ?? directory
    self.cacheDirectory = cacheDirectory ?? directory
    favorites = Favorites(
      file: PropertyListFile(url: directory.appendingPathComponent("favorites.plist")))
    cart = Cart(file: PropertyListFile(url: directory.appendingPathComponent("cart.plist")))
    watched = WatchedFile(
      file: PropertyListFile(url: directory.appendingPathComponent("watched.plist")))
    tracking = PropertyListFile(url: directory.appendingPathComponent("tracking.plist"))
    preferences = PropertyListFile(
      url: self.stateDirectory.appendingPathComponent("preferences.plist"))
  }

  /// Call when opening the data directory: finishes an import that was killed after it
  /// recorded its change (or removes what it staged before that), and deletes the temporary
  /// files that writers killed half-way left behind. Returns how many temporaries there were.
  @discardableResult
  public func removeStaleTemporaries() -> Int {
    do {
      try UserDataTransfer(data: self).finishInterruptedImport()
    } catch let error as StoreError {
      warn(StoreWarning(path: importJournal.path, kind: .importNotFinished(error.description)))
    } catch {
      warn(StoreWarning(path: importJournal.path, kind: .importNotFinished("\(error)")))
    }
    return DurableFile.removeStaleTemporaries(in: directory)
      + (stateDirectory == directory ? 0 : DurableFile.removeStaleTemporaries(in: stateDirectory))
  }

  public var historyURL: URL { stateDirectory.appendingPathComponent("history") }
  public var showListURL: URL { cacheDirectory.appendingPathComponent("shows.json") }

  /// Warnings from any of the files since the last call, and those given to `warn`.
  public func takeWarnings() -> [StoreWarning] {
    defer { warnings.removeAll() }
    return favorites.file.takeWarnings() + cart.file.takeWarnings() + watched.file.takeWarnings()
      + tracking.takeWarnings() + preferences.takeWarnings() + warnings
  }

  /// Adds a warning about the user's data for the next `takeWarnings`.
  public func warn(_ warning: StoreWarning) {
    warnings.append(warning)
  }

  /// Where an import records the files it is replacing, until they are all replaced.
  var importJournal: URL { directory.appendingPathComponent(".import-journal") }

  /// The data directory: `--data-dir`, else `$SHELF_HOME`, else `$XDG_DATA_HOME/shelf`, else
  /// `~/.local/share/shelf` (`~/Library/Application Support/shelf` on macOS).
  public static func resolveDirectory(explicit: String?, environment: [String: String]) -> URL {
    if let explicit, !explicit.isEmpty {
      return URL(fileURLWithPath: HomePath.expand(explicit, environment: environment))
    }
    if let home = environment["SHELF_HOME"], !home.isEmpty {
      return URL(fileURLWithPath: HomePath.expand(home, environment: environment))
    }
    #if os(macOS)
      let userHome = HomePath.directory(environment: environment)
      return URL(fileURLWithPath: userHome)
        .appendingPathComponent("Library/Application Support/shelf")
    #else
      if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
        return URL(fileURLWithPath: xdg).appendingPathComponent("shelf")
      }
      let userHome = HomePath.directory(environment: environment)
      return URL(fileURLWithPath: userHome).appendingPathComponent(".local/share/shelf")
    #endif
  }
}

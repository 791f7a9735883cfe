import Foundation
import ShelfFiles

/// Where the user's files live. Data (favourites, cart) in the data directory; state (history,
/// `preferences.plist` with the last position) in `$XDG_STATE_HOME/shelf`; caches (the local
/// show list; posters sit beside it in `posters/`) in `$XDG_CACHE_HOME/shelf`. A data directory
/// chosen by the user (`--data-dir`, `$SHELF_HOME`, `data-dir` in the config) keeps data and
/// state together in that one directory; caches always follow `$XDG_CACHE_HOME`.
public struct UserDirectories: Equatable {
  public let data: URL
  public let state: URL
  public let cache: URL

  public init(data: URL, state: URL, cache: URL) {
    self.data = data
    self.state = state
    self.cache = cache
  }

  /// `chosenData`: the data directory the user chose, or nil for the default.
  public static func resolve(chosenData: String?, environment: [String: String]) -> UserDirectories
  {
    let home = URL(fileURLWithPath: HomePath.directory(environment: environment), isDirectory: true)
    func xdg(_ variable: String, _ fallback: String) -> URL {
      if let value = environment[variable], value.hasPrefix("/") {
        return URL(fileURLWithPath: value, isDirectory: true).appendingPathComponent("shelf")
      }
      return home.appendingPathComponent(fallback).appendingPathComponent("shelf")
    }
    #if os(macOS)
      let cache =
        environment["XDG_CACHE_HOME"]?.hasPrefix("/") == true
        ? xdg("XDG_CACHE_HOME", ".cache") : home.appendingPathComponent("Library/Caches/shelf")
    #else
      let cache = xdg("XDG_CACHE_HOME", ".cache")
    #endif
    if let chosenData, !chosenData.isEmpty {
      let data = URL(fileURLWithPath: HomePath.expand(chosenData, environment: environment))
      return UserDirectories(data: data, state: data, cache: cache)
    }
    let data = UserData.resolveDirectory(explicit: nil, environment: environment)
    #if os(macOS)
      return UserDirectories(data: data, state: data, cache: cache)
    #else
      return UserDirectories(data: data, state: xdg("XDG_STATE_HOME", ".local/state"), cache: cache)
    #endif
  }

  /// The files this program reads from these directories; the first start names the first
  /// profile `firstProfile` (the login name).
  public func userData(firstProfile: ProfileName = .me) -> UserData {
    UserData(
      directory: data, stateDirectory: state, cacheDirectory: cache, firstProfile: firstProfile)
  }

  /// Moves files left at their old places (everything once lived in the data directory) to
  /// where they live now: the history and `preferences.plist` to the state directory, the show
  /// list to the cache. A file is moved only when nothing is at its new place yet, so nothing
  /// is overwritten; one that cannot be moved stays where it is, with a warning.
  public func moveOldFiles() -> [String] {
    let moves = [
      ("history", state), ("preferences.plist", state), ("shows.json", cache),
    ]
    var warnings: [String] = []
    let files = FileManager.default
    for (name, directory) in moves where directory.standardizedFileURL != data.standardizedFileURL {
      let old = data.appendingPathComponent(name)
      let new = directory.appendingPathComponent(name)
      guard files.fileExists(atPath: old.path), !files.fileExists(atPath: new.path) else {
        continue
      }
      do {
        try files.createDirectory(
          at: directory, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
        try files.moveItem(at: old, to: new)
      } catch {
        warnings.append(
          "could not move \(old.path) to \(new.path) (\(Self.reason(error))); it stays where it is")
      }
    }
    return warnings
  }

  private static func reason(_ error: Error) -> String {
    FileError.systemReason(error)
  }
}

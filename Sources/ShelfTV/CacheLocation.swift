import Foundation

/// The directory shelf keeps its caches in: `$XDG_CACHE_HOME/shelf`, else `~/.cache/shelf`
/// (on macOS `~/Library/Caches/shelf`). `HOME` is taken from `environment` first.
public enum CacheLocation {
  public static func directory(environment: [String: String]) -> URL {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return URL(fileURLWithPath: cache, isDirectory: true)
        .appendingPathComponent("shelf", isDirectory: true)
    }
    let home: URL
    if let value = environment["HOME"], value.hasPrefix("/") {
      home = URL(fileURLWithPath: value, isDirectory: true)
    } else {
      home = FileManager.default.homeDirectoryForCurrentUser
    }
    #if os(macOS)
      return home.appendingPathComponent("Library/Caches/shelf", isDirectory: true)
    #else
      return home.appendingPathComponent(".cache/shelf", isDirectory: true)
    #endif
  }
}

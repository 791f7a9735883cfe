import Foundation

/// Watched marks over `watched.plist`, durable and safe for two shells like the other files.
public final class WatchedFile {
  public let file: PropertyListFile<WatchedDocument>

  public init(file: PropertyListFile<WatchedDocument>) {
    self.file = file
  }

  public var url: URL { file.url }

  public func read() throws -> WatchedDocument {
    try file.read()
  }

  /// Marks the episodes as watched; returns how many were not marked before.
  @discardableResult
  public func mark(show: Int, episodes: [WatchedEpisode]) throws -> Int {
    try file.update { $0.mark(show: show, episodes: episodes) }
  }

  /// Takes the marks back; returns how many there were.
  @discardableResult
  public func unmark(show: Int, episodes: [Int]) throws -> Int {
    try file.update { $0.unmark(show: show, episodes: episodes) }
  }

  public func isWatched(show: Int, episode: Int) throws -> Bool {
    try file.read().isWatched(show: show, episode: episode)
  }

  /// The show's watched episodes, in the order they were marked.
  public func watchedEpisodes(show: Int) throws -> [WatchedEpisode] {
    try file.read().episodes(show: show)
  }
}

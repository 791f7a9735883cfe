import Foundation
import ShelfStorage

/// A catalog read on first use, so that a command which never touches the catalog (`pwd`,
/// `help`, `cart` of an empty cart…) does not pay for loading it. The load's result, the
/// catalog or its `CatalogError`, is kept: every later use gets the same, until a command
/// starts (`startCommand`) after one of the catalog's files changed; that command's first use
/// reads the catalog again, so a catalog edited while a session runs is seen by the next
/// command that reads it. Thread-safe.
public final class LazyCatalog: @unchecked Sendable {
  private let lock = NSLock()
  private let load: () throws -> Catalog
  /// The files whose changes make the catalog read again.
  private let sourcePaths: [String]
  private var result: Result<Catalog, Error>?
  /// The identities of `sourcePaths` just before the kept result was read.
  private var loadedSources: [SourceIdentity?] = []
  private var checkSources = false

  /// Reads `directory` with `CatalogLoader` on first use, with the toys' indexes kept in
  /// `indexStore` when given.
  public convenience init(directory: URL, indexStore: CatalogIndexStore? = nil) {
    let loader = CatalogLoader(directory: directory, indexStore: indexStore)
    self.init(sourcePaths: loader.sourcePaths) { try loader.load() }
  }

  /// An already loaded catalog.
  public convenience init(_ catalog: Catalog) {
    self.init { catalog }
  }

  public convenience init(load: @escaping () throws -> Catalog) {
    self.init(sourcePaths: [], load: load)
  }

  private init(sourcePaths: [String], load: @escaping () throws -> Catalog) {
    self.sourcePaths = sourcePaths
    self.load = load
  }

  /// True once the catalog has been read (successfully or not).
  public var isLoaded: Bool {
    lock.lock()
    defer { lock.unlock() }
    return result != nil
  }

  /// A command starts: its first use of the catalog looks whether the catalog's files changed
  /// since they were read (a `stat` of each), and reads them again if they did.
  public func startCommand() {
    lock.lock()
    defer { lock.unlock() }
    checkSources = result != nil && !sourcePaths.isEmpty
  }

  /// The catalog, loading it on the first call; throws the load's error on every call.
  public func get() throws -> Catalog {
    lock.lock()
    defer { lock.unlock() }
    if checkSources {
      checkSources = false
      if currentSources() != loadedSources { result = nil }
    }
    if let result { return try result.get() }
    loadedSources = currentSources()
    let loaded = Result { try load() }
    result = loaded
    return try loaded.get()
  }

  private func currentSources() -> [SourceIdentity?] {
    sourcePaths.map { SourceIdentity(path: $0) }
  }
}

import Foundation

/// A catalog read on first use, so that a command which never touches the catalog (`pwd`,
/// `help`, `cart` of an empty cart…) does not pay for loading it. The first load's result, the
/// catalog or its `CatalogError`, is kept: every later use gets the same. Thread-safe.
public final class LazyCatalog: @unchecked Sendable {
  private let lock = NSLock()
  private let load: () throws -> Catalog
  private var result: Result<Catalog, Error>?

  /// Reads `directory` with `CatalogLoader` on first use.
  public convenience init(directory: URL) {
    self.init { try CatalogLoader(directory: directory).load() }
  }

  /// An already loaded catalog.
  public convenience init(_ catalog: Catalog) {
    self.init { catalog }
  }

  public init(load: @escaping () throws -> Catalog) {
    self.load = load
  }

  /// True once the catalog has been read (successfully or not).
  public var isLoaded: Bool {
    lock.lock()
    defer { lock.unlock() }
    return result != nil
  }

  /// The catalog, loading it on the first call; throws the load's error on every call.
  public func get() throws -> Catalog {
    lock.lock()
    defer { lock.unlock() }
    if let result { return try result.get() }
    let loaded = Result { try load() }
    result = loaded
    return try loaded.get()
  }
}

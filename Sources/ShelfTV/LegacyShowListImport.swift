import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The JSON show list an older shelf kept in the data directory (`shows.json`): imported into
/// the store once, then renamed aside (`shows.json.imported`) so that it is not imported again.
struct LegacyShowListImport {
  let url: URL

  /// Where an imported copy is moved.
  var importedURL: URL { URL(fileURLWithPath: url.path + ".imported") }

  /// Imports the copy when there is one, as the rows of `source`'s API. One that cannot be
  /// read is renamed aside too; the warning is returned.
  func run(into store: ShowStore, source: ShowStoreSource) throws -> String? {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    var warning: String?
    do {
      let shows = try ShowListFile.read(url)
      try store.database.transaction {
        try source.adopt(store)
        for show in shows { try store.upsert(show) }
      }
    } catch let error as TVCacheError {
      warning = "ignoring the old show list (\(error)); using the shipped snapshot"
    }
    _ = rename(url.path, importedURL.path)
    return warning
  }
}

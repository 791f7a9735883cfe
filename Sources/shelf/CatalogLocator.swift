import Foundation
import ShelfFiles
import ShelfResources

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the catalog directory: `--catalog`, `$SHELF_CATALOG`, then the places the program's
/// own resolved path implies (`<prefix>/share/shelf/catalog` beside `<prefix>/bin/shelf`, or
/// the checkout's `catalog/` for a binary built in it; see `ResourceLayout`). A directory the
/// user named must be one that can be read, or the start stops (bad usage) saying so.
enum CatalogLocator {
  struct NotFound: Error, CustomStringConvertible {
    let searched: [URL]

    var description: String {
      let places = searched.map(\.path).joined(separator: ", ")
      let looked = places.isEmpty ? "" : " (looked in \(places))"
      return "no catalog found\(looked); give --catalog DIR or set SHELF_CATALOG"
    }
  }

  /// A directory named by `--catalog` or `$SHELF_CATALOG` that cannot be read.
  struct Unusable: Error, CustomStringConvertible {
    /// How it was given: `--catalog DIR` or `SHELF_CATALOG=DIR`.
    let given: String
    let reason: String

    var description: String { "\(given): \(reason)" }
  }

  static func locate(
    explicit: String?, environment: [String: String], layout: ResourceLayout?
  ) throws -> URL {
    if let explicit, !explicit.isEmpty {
      return try readableDirectory(explicit, given: "--catalog \(explicit)", environment)
    }
    if let variable = environment["SHELF_CATALOG"], !variable.isEmpty {
      return try readableDirectory(variable, given: "SHELF_CATALOG=\(variable)", environment)
    }
    if let found = layout?.catalog() { return found }
    throw NotFound(searched: layout?.catalogCandidates ?? [])
  }

  private static func readableDirectory(
    _ path: String, given: String, _ environment: [String: String]
  ) throws -> URL {
    let expanded = HomePath.expand(path, environment: environment)
    let descriptor = open(expanded, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason: String
      switch errno {
      case ENOENT: reason = "no such directory"
      case ENOTDIR: reason = "not a directory"
      default: reason = FileError.systemReason(errno)
      }
      throw Unusable(given: given, reason: reason)
    }
    close(descriptor)
    return URL(fileURLWithPath: expanded, isDirectory: true)
  }
}

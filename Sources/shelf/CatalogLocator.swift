import Foundation
import ShelfResources

/// Finds the catalog directory: `--catalog`, `$SHELF_CATALOG`, then the places the program's
/// own resolved path implies (`<prefix>/share/shelf/catalog` beside `<prefix>/bin/shelf`, or
/// the checkout's `catalog/` for a binary built in it; see `ResourceLayout`).
enum CatalogLocator {
  struct NotFound: Error, CustomStringConvertible {
    let searched: [URL]

    var description: String {
      let places = searched.map(\.path).joined(separator: ", ")
      let looked = places.isEmpty ? "" : " (looked in \(places))"
      return "no catalog found\(looked); give --catalog DIR or set SHELF_CATALOG"
    }
  }

  static func locate(
    explicit: String?, environment: [String: String], layout: ResourceLayout?
  ) throws -> URL {
    if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
    if let variable = environment["SHELF_CATALOG"], !variable.isEmpty {
      return URL(fileURLWithPath: variable)
    }
    if let found = layout?.catalog() { return found }
    throw NotFound(searched: layout?.catalogCandidates ?? [])
  }
}

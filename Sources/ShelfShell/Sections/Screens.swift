import Foundation
import ShelfCatalog

/// Builds the report of a place: reads the inputs first (the user's files; posters when they
/// are drawn), then asks the place's section for its screen.
struct Screens {
  let library: Library
  let drawsImages: Bool
  let sections: SectionRegistry

  func report(for location: Location, posters: Bool = false) throws -> Report {
    let inputs = try ScreenInputs(
      library: library, favorites: library.favorites(), cart: library.cart(),
      preferences: library.userData.preferences.read(), listsPosters: posters,
      posterFiles: posterFiles(for: location, posters: posters))
    if case .search(let scope, let query) = location {
      return Report(SearchResults(scope: scope, query: query).screen(inputs: inputs))
    }
    return Report(try sections.section(for: location).screen(for: location, inputs: inputs))
  }

  /// The posters a screen draws, from the cache or downloaded once; only when they are drawn.
  private func posterFiles(for location: Location, posters: Bool) -> [String: URL] {
    guard drawsImages else { return [:] }
    var urls: [String] = []
    switch location {
    case .shows where posters:
      urls = library.showList().compactMap { $0.image?.medium }
    case .show(let id):
      urls = library.show(id: id)?.image?.original.map { [$0] } ?? []
    default:
      return [:]
    }
    var files: [String: URL] = [:]
    for url in urls {
      files[url] = library.posters.cachedFile(for: url) ?? (try? library.posters.poster(for: url))
    }
    return files
  }
}

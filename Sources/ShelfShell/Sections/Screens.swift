import Foundation
import ShelfCatalog

/// Builds the report of a place: reads the inputs first (the user's files; posters when they
/// are drawn), then asks the place's section for its screen.
struct Screens {
  let library: Library
  let drawsImages: Bool
  let sections: SectionRegistry
  /// Progress lines of long work (the posters of `ls --posters`).
  let progress: (String) -> Void

  func report(for location: Location, posters: Bool = false) throws -> Report {
    let inputs = try ScreenInputs(
      library: library, favorites: library.favorites(), cart: library.cart(),
      preferences: library.userData.preferences.read(), listsPosters: posters,
      posterFiles: try posterFiles(for: location, posters: posters))
    if case .search(let scope, let query) = location {
      return Report(SearchResults(scope: scope, query: query).screen(inputs: inputs))
    }
    return Report(try sections.section(for: location).screen(for: location, inputs: inputs))
  }

  /// The posters a screen draws, downloaded first (4 at a time, with a progress line when there
  /// are several) and then read from the cache; only when they are drawn. A poster that fails
  /// is drawn as its URL; Ctrl-C stops the command (`RequestCancelled`).
  private func posterFiles(for location: Location, posters: Bool) throws -> [String: URL] {
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
    try library.posters.download(urls) { done, total in
      if total > 1 { progress("posters \(done)/\(total)") }
    }
    var files: [String: URL] = [:]
    for url in urls { files[url] = library.posters.cachedFile(for: url) }
    return files
  }
}

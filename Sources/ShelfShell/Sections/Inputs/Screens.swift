import Foundation
import ShelfDomain
import ShelfStore

/// Builds the report of a place: reads the inputs its section declared first
/// (`ScreenInputReader`; posters when they are drawn), then asks the section for its screen.
struct Screens {
  let library: Library
  let drawsImages: Bool
  let sections: SectionRegistry
  /// Progress lines of long work (the posters of `ls --posters`).
  let progress: (String) -> Void
  /// Fetches a show's episodes when they are not known (with the retry dialog).
  let fetchEpisodes: (Show) throws -> [Episode]

  /// `fetchesEpisodes` (`ls` on a show): a show's details fetch its episodes when they are not
  /// known; otherwise they show the known ones and never wait for the network.
  /// `fitting` is whose age marks what fits (`--for`, `--fits`); nil: the active profile's.
  /// `person`: whose favourites, marks and statuses the screen shows (`ls /upnext --for Mia`);
  /// nil: the active person's.
  func report(
    for location: Location, posters: Bool = false, listing: ListRequest = .init(),
    fetchesEpisodes: Bool = false, tracking trackingListing: TrackingListing = .init(),
    fitting: Fitting? = nil, person: ProfileRecord? = nil
  ) throws -> Report {
    var inputs = ScreenInputs(
      needs: needs(at: location), location: location, listing: listing,
      trackingListing: trackingListing, now: library.now())
    inputs.person = person
    try ScreenInputReader(library: library, sections: sections, fetchEpisodes: fetchEpisodes)
      .read(into: &inputs, fetchesEpisodes: fetchesEpisodes, fitting: fitting)
    inputs.listsPosters = posters && drawsImages
    if location == .shows, inputs.listsPosters {
      inputs.posterShows = try ShowListScreen.posterShows(listing, in: library.shows)
    }
    inputs.posterFiles = try posterFiles(for: location, posterShows: inputs.posterShows)
    if case .search(let scope, let search) = location {
      let request = listing.isEmpty ? search.request : search.request.replacing(with: listing)
      return Report(
        try SearchResults(scope: scope, search: search.with(request)).screen(inputs: inputs))
    }
    return Report(try sections.section(for: location).screen(for: location, inputs: inputs))
  }

  /// What the screen at `location` reads, as its section declares it.
  func needs(at location: Location) -> ScreenNeeds {
    if case .search(let scope, _) = location { return SearchResults.inputs(in: scope) }
    return sections.section(for: location).inputs(at: location)
  }

  /// What the list at `location` takes; nil when it is not a list.
  func capabilities(at location: Location) -> ListCapabilities? {
    if case .search(let scope, _) = location { return SearchResults.capabilities(in: scope) }
    return sections.section(for: location).listCapabilities(at: location)
  }

  /// The posters a screen draws, downloaded first (4 at a time, with a progress line when there
  /// are several) and then read from the cache; only when they are drawn. A poster that fails
  /// is drawn as its URL; Ctrl-C stops the command (`RequestCancelled`).
  private func posterFiles(for location: Location, posterShows: [Show]?) throws -> [String: URL] {
    guard drawsImages else { return [:] }
    var urls: [String] = []
    switch location {
    case .shows:
      // The posters of the rows the list shows, no other.
      guard let posterShows else { return [:] }
      urls = posterShows.compactMap { $0.image?.medium }
    case .show(let id):
      urls = try library.show(id: id)?.image?.original.map { [$0] } ?? []
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

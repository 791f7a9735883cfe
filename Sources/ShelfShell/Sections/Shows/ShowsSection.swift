import ShelfCatalog
import ShelfDomain
import ShelfSearch
import ShelfTV

/// `/shows`: the TV show list, a show, the results of `find --online`.
struct ShowsSection: Section {
  let root = Location.shows

  func homeRow(inputs: ScreenInputs) throws -> HomeScreen.Row? {
    row("TV shows (TVmaze)", count: inputs.showCount, unit: "shows")
  }

  let homeRowInputs: ScreenNeeds = .showCount

  func inputs(at location: Location) -> ScreenNeeds {
    switch location {
    case .show: [.show, .favorites, .tracking, .watched, .spoilers]
    case .season, .episode: [.show, .watched, .spoilers, .tracking]
    case .onlineSearch: [.onlineResults, .favorites, .tracking]
    default: [.showList, .favorites, .tracking, .fitting]
    }
  }

  func screen(for location: Location, inputs: ScreenInputs) throws -> any Screen {
    switch location {
    case .show(let id):
      guard let show = inputs.show else {
        throw ShellError.unknownReference(ItemID(.show, id).description, searched: "the catalog")
      }
      return ShowDetailsScreen(
        row: inputs.showItemRow(show, summary: true), show: show,
        posterFiles: inputs.posterFiles,
        episodes: inputs.episodes[id].map {
          ShowEpisodesSummary(show: show, guide: EpisodeGuide($0), inputs: inputs)
        },
        premiered: show.premiered.flatMap(AirTime.parseDay).map { $0 <= inputs.now } ?? true)
    case .season(let id, let season):
      let (show, guide) = try episodes(ofShow: id, inputs: inputs)
      let watched = inputs.watchedIDs(show: id)
      let episodes = guide.episodes(inSeason: season)
      guard !episodes.isEmpty else {
        throw ShellError.noSuchScreen(
          path: location.path,
          reason: "\"\(show.name)\" has no season \(season); seasons: "
            + guide.seasonNumbers.map { "S\($0)" }.joined(separator: ", "))
      }
      let hidden = inputs.spoilers.hidden(guide, watched: watched)
      return SeasonScreen(
        path: location.path, showId: id, season: season,
        rows: episodes.map {
          inputs.episodeRow($0, show: show, watched: watched, hidden: hidden)
        },
        showName: show.name, request: inputs.listing)
    case .episode(let id, let season, let number):
      let (show, guide) = try episodes(ofShow: id, inputs: inputs)
      guard let episode = guide.episode(EpisodeCode(season: season, number: number)) else {
        throw ShellError.noSuchScreen(
          path: location.path,
          reason: "season \(season) of \"\(show.name)\" has no episode \(number)")
      }
      let watched = inputs.watchedIDs(show: id)
      return EpisodeScreen(
        episode: inputs.episodeRow(
          episode, show: show, watched: watched,
          hidden: inputs.spoilers.hidden(guide, watched: watched), details: true),
        aired: episode.hasAired(by: inputs.now))
    case .onlineSearch(let text):
      let shows = inputs.onlineResults
      let rows = shows.map {
        SearchRow(
          item: .show(inputs.showItemRow($0)), path: "/shows/\($0.id)", parentPath: "/shows")
      }
      return OnlineResultsScreen(
        search: SearchJSON(
          path: location.path, scope: "/shows", search: SearchQuery(text: text, online: true),
          total: rows.count, rows: rows),
        shows: shows.map { inputs.showItemRow($0) })
    default:  // the list, /shows
      guard let list = inputs.showList else {
        throw ShellError.noSuchScreen(path: location.path, reason: "the show list is not read")
      }
      var tracked: [Int: ShowListScreen.Tracking] = [:]
      var shows: [Show] = []
      for show in list.trackedShows {
        guard let status = inputs.trackingStatus(of: show) else { continue }
        tracked[show.id] = ShowListScreen.Tracking(
          status: status, myRating: inputs.tracking.rating(ofShow: show.id))
        if inputs.trackingListing.keeps(status) { shows.append(show) }
      }
      if let status = inputs.trackingListing.status {
        return TrackedShowsScreen(status: status, rows: shows.map { inputs.showItemRow($0) })
      }
      return ShowListScreen(
        count: list.count, fromSnapshot: list.fromSnapshot,
        posterShows: inputs.listsPosters ? inputs.posterShows : nil,
        posterFiles: inputs.posterFiles,
        favorites: Set(inputs.favorites.shows.map(\.id)), tracked: tracked,
        store: list.pages, request: inputs.listing, arranged: list.arranged,
        widths: list.widths, fitting: inputs.fitting, fitCount: list.fitCount)
    }
  }

  func listCapabilities(at location: Location) -> ListCapabilities? {
    switch location {
    case .shows: ShowListScreen.list.capabilities
    case .season: EpisodeRow.list.capabilities
    default: nil
    }
  }

  /// The show and its episodes, which the screen's inputs fetched.
  private func episodes(ofShow id: Int, inputs: ScreenInputs) throws -> (Show, EpisodeGuide) {
    guard let show = inputs.show else {
      throw ShellError.unknownReference(ItemID(.show, id).description, searched: "the catalog")
    }
    return (show, EpisodeGuide(inputs.episodes[id] ?? []))
  }

  let searchedFromHome = true
  /// How many shows a reference lookup considers (enough to list an ambiguity).
  static let lookupLimit = 100
  /// How many shows Tab offers at most for one prefix.
  static let completionLimit = 200

  func children(of location: Location, in library: Library) throws -> [Entry] {
    switch location {
    case .show(let id): EpisodeEntries(library: library).seasons(ofShow: id)
    case .shows, .season: try items(at: location, in: library)
    default: []
    }
  }

  func items(at location: Location, in library: Library) throws -> [Entry] {
    switch location {
    case .shows:
      // Names and ids only, read from the store's columns (no show is decoded).
      var entries: [Entry] = []
      try library.shows.forEachRow { entries.append(Entry(show: $0)) }
      return entries
    case .season(let show, let season):
      return EpisodeEntries(library: library).episodes(ofShow: show, season: season)
    case .onlineSearch(let text):
      return library.rememberedResults(for: text).map {
        Entry(show: ShowRow(id: $0.id, name: $0.name))
      }
    default:
      return []
    }
  }

  /// In /shows, looked up in the show store by id, folded name and slug instead of listing
  /// every show.
  func candidates(for reference: String, at location: Location, in library: Library) throws
    -> [Entry]
  {
    guard location == .shows else { return try items(at: location, in: library) }
    let shows = library.shows
    var rows: [ShowRow] = []
    if let id = Int(reference), let show = try shows.show(id: id) {
      rows.append(ShowRow(id: show.id, name: show.name))
    }
    rows += try shows.completions(namePrefix: reference, limit: Self.lookupLimit)
    rows += try shows.rows(slugPrefix: reference, limit: Self.lookupLimit)
    var seen = Set<Int>()
    let found = rows.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    guard found.isEmpty else { return found.map(Entry.init(show:)) }
    // Nothing could be meant: a few shows, for a suggestion.
    return try shows.rows(limit: 200).map(Entry.init(show:))
  }

  /// In /shows, the ids and folded names starting with `prefix`, at most `completionLimit`.
  func completionItems(at location: Location, prefix: String, in library: Library) throws
    -> [Entry]
  {
    guard location == .shows else { return try items(at: location, in: library) }
    let shows = library.shows
    let limit = Self.completionLimit
    var rows: [ShowRow]
    if prefix.isEmpty {
      rows = (try? shows.rows(limit: limit)) ?? []
    } else {
      rows = (try? shows.completions(idPrefix: prefix, limit: limit)) ?? []
      if Int(prefix) == nil {
        rows += (try? shows.completions(namePrefix: prefix, limit: limit)) ?? []
      }
    }
    var seen = Set<Int>()
    return rows.filter { seen.insert($0.id).inserted }.map(Entry.init(show:))
  }

  /// A season or episode of a show whose episodes were not fetched (`/shows/1/S1/E3`).
  func unlistedChild(_ segment: String, of location: Location, in library: Library) -> Location? {
    guard let code = EpisodeCode(parsing: segment) else { return nil }
    switch location {
    case .show(let id):
      guard let season = code.season, code.number == nil else { return nil }
      return .season(show: id, season: season)
    case .season(let show, let season):
      guard let number = code.number, code.season == nil || code.season == season else {
        return nil
      }
      return .episode(show: show, season: season, number: number)
    default:
      return nil
    }
  }

  /// Shows whose name and genres have every word (the store's word index), ranked as the
  /// catalog ranks: the word itself, a word starting with it…
  func find(_ query: CatalogQuery, in library: Library) throws -> [RankedEntry] {
    try matches(query, in: library).map { RankedEntry(entry: Entry(show: $0.row), tier: $0.tier) }
  }

  /// `find` here alone, arranged, with the rows of the shows found (what their list prints):
  /// near spellings after the closer matches and marked, left out when there are enough closer
  /// ones (`NearSpellings`), as in every section.
  func findArranged(_ query: CatalogQuery, in library: Library) throws -> FoundEntries {
    let kept = NearSpellings.kept(try matches(query, in: library), fuzzy: query.fuzzy) { $0.tier }
    let matches = kept.matches
    var found: FoundEntries
    if query.options.isEmpty {
      found = FoundEntries(
        entries: matches.map { Entry(show: $0.row) }, total: matches.count,
        showRows: matches.map(\.row))
    } else {
      found = try RankedEntry.arranged(
        matches.map { Entry(show: $0.row) }, by: query.options, in: library)
      if found.entries.elementsEqual(
        matches.prefix(found.entries.count), by: { $0.item?.id == $1.row.id })
      {
        // In find's own order (a limit at most): the first rows.
        found.showRows = matches.prefix(found.entries.count).map(\.row)
      } else {
        let rows = Dictionary(matches.map { ($0.row.id, $0.row) }) { first, _ in first }
        found.showRows = found.entries.compactMap { $0.item.flatMap { rows[$0.id] } }
      }
    }
    found.typos = Set(matches.lazy.filter { $0.tier == .typo }.map { ItemID(.show, $0.row.id) })
    found.nearSpellings = kept.leftOut
    return found
  }

  private func matches(_ query: CatalogQuery, in library: Library) throws -> [ShowMatch] {
    guard query.minimumAge == nil, query.maximumAge == nil, query.options.price == nil else {
      return []
    }
    return (try? library.showFinder.find(query.text)) ?? []
  }
}

extension Entry {
  init(show row: ShowRow) {
    self.init(
      name: row.name, segment: String(row.id), location: .show(id: row.id),
      item: ItemID(.show, row.id))
  }
}

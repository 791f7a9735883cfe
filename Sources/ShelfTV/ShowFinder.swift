/// `find` over the shows' names and genres, best first. The first find of a version of the
/// list asks the store's word index, so that a new process answers without reading every
/// show; a session that finds again builds the index in memory (85,000 shows in about a
/// tenth of a second), which answers every later find of that version in well under a
/// millisecond. Text without a word (every show) and a store whose index is not up to date
/// are answered from memory too. The index is a cache of the list: it is made again when
/// the list's version changes.
public final class ShowFinder {
  private let shows: ShowLibrary
  /// `find`'s word index over every show, with the list version it was built from.
  private var memory: (version: ShowListVersion, search: ShowSearch)?
  /// The list version the store's word index last answered a find of.
  private var storeFindVersion: ShowListVersion?

  public init(shows: ShowLibrary) {
    self.shows = shows
  }

  /// The shows whose names or genres match `text`, best first.
  public func find(_ text: String) throws -> [ShowMatch] {
    let version = try shows.listVersion()
    if memory?.version != version, storeFindVersion != version {
      storeFindVersion = version
      if let found = try shows.find(text) { return found }
    }
    let search = try searchableShows(version)
    return search.index.search(text).map {
      ShowMatch(row: search.rows[$0.position], tier: $0.tier)
    }
  }

  /// The word index over the names and genres of every show of this version of the list.
  private func searchableShows(_ version: ShowListVersion) throws -> ShowSearch {
    if let memory, memory.version == version { return memory.search }
    var rows: [ShowRow] = []
    try shows.forEachRow { rows.append($0) }
    let search = ShowSearch(rows: rows)
    memory = (version, search)
    return search
  }
}

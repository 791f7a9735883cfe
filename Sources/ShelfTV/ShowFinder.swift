/// `find` over the shows' names and genres, best first. The first find of a version of the
/// list asks the store's word index, so that a new process answers without reading every
/// show; a session that finds again searches an index of every show in memory, which answers
/// every later find of that version in well under a millisecond. That index is read from the
/// index file beside the store (`ShowFindIndexFile`) when one was made from the store as it
/// is, else made from the store's rows (85,000 shows in about a tenth of a second) and kept in
/// that file for the next session. Text without a word (every show) and a store whose word
/// index is not up to date are answered from memory too. The index is made again when the
/// list's version changes.
public final class ShowFinder {
  private let shows: ShowLibrary
  private let indexFile: ShowFindIndexFile
  /// `find`'s index of every show, with the list version it was made from.
  private var memory: (version: ShowListVersion, search: ShowSearch)?
  /// The list version the store's word index last answered a find of.
  private var storeFindVersion: ShowListVersion?

  /// `indexSettleTime`: a store changed less than this long ago (seconds) is indexed in
  /// memory but not kept in the index file (see `DerivedFile.settleTime`).
  public init(shows: ShowLibrary, indexSettleTime: Double = 1) {
    self.shows = shows
    indexFile = ShowFindIndexFile(storeURL: shows.storeURL, settleTime: indexSettleTime)
  }

  /// The shows whose names or genres match `text`, best first.
  public func find(_ text: String) throws -> [ShowMatch] {
    let version = try shows.listVersion()
    if memory?.version != version, storeFindVersion != version {
      storeFindVersion = version
      if let found = try shows.find(text) { return found }
    }
    return try searchableShows(version).find(text)
  }

  /// The index of the names and genres of every show of this version of the list: kept,
  /// read from the index file, or made from the store's rows (and written to the file).
  private func searchableShows(_ version: ShowListVersion) throws -> ShowSearch {
    if let memory, memory.version == version { return memory.search }
    let source = indexFile.storeIdentity()
    let search: ShowSearch
    if let source, let kept = indexFile.read(source: source) {
      search = kept
    } else {
      var rows: [ShowRow] = []
      try shows.forEachRow { rows.append($0) }
      search = ShowSearch(rows: rows)
      // Kept only when the store did not change while its rows were read.
      if let source, indexFile.storeIdentity() == source, try shows.listVersion() == version {
        indexFile.write(search, source: source)
      }
    }
    memory = (version, search)
    return search
  }
}

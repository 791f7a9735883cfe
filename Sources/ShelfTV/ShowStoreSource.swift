/// The TVmaze API a store's rows should come from: whether they do, and how a store becomes
/// that API's list (the snapshot's or another API's rows are replaced).
struct ShowStoreSource {
  let apiURL: String

  /// True when the rows were fetched from this API.
  func isCurrent(_ store: ShowStore) throws -> Bool {
    try store.meta(ShowStoreMeta.source) == ShowStoreMeta.api
      && store.meta(ShowStoreMeta.apiURL) == apiURL
  }

  /// Makes the store this API's list: rows from the snapshot or another API are removed, to be
  /// replaced by what is written next. Call inside a transaction.
  func adopt(_ store: ShowStore) throws {
    guard try !isCurrent(store) else { return }
    try store.deleteAll()
    for key in [
      ShowStoreMeta.fullSync, ShowStoreMeta.lastSync, ShowStoreMeta.nextPage,
      ShowStoreMeta.passStarted,
    ] {
      try store.setMeta(key, nil)
    }
    try store.setMeta(ShowStoreMeta.source, ShowStoreMeta.api)
    try store.setMeta(ShowStoreMeta.apiURL, apiURL)
  }
}

import Foundation
import ShelfDomain

/// Brings the show store up to date from TVmaze: the first page, a full pass over the index
/// (resumable, a transaction per page), or an incremental sync of the shows that changed.
/// Every fetch writes its own transaction and a failed fetch writes none, so a failure leaves
/// the store as it was and an interrupted pass goes on from its next page.
struct ShowRefresher {
  let store: ShowStore
  let client: TVMazeClient
  let source: ShowStoreSource
  let now: () -> Date

  /// See `ShowLibrary.refresh()`.
  func refresh() throws -> RefreshOutcome {
    let lastSync = try { () -> Double? in
      guard try source.isCurrent(store), try store.meta(ShowStoreMeta.fullSync) != nil else {
        return nil
      }
      return try store.meta(ShowStoreMeta.lastSync).flatMap(Double.init)
    }()
    guard let lastSync else { return try mergeFirstPage() }
    guard let window = UpdateWindow.covering(now().timeIntervalSince1970 - lastSync) else {
      try store.setMeta(ShowStoreMeta.nextPage, nil)
      return try refreshAll()
    }
    return try syncIncrementally(window: window)
  }

  /// See `ShowLibrary.refreshAll(maxPages:progress:)`.
  func refreshAll(
    maxPages: Int? = nil, progress: (_ page: Int, _ total: Int) throws -> Void = { _, _ in }
  ) throws -> RefreshOutcome {
    var outcome = RefreshOutcome(kind: .fullPass)
    var page =
      try source.isCurrent(store)
      ? (store.meta(ShowStoreMeta.nextPage).flatMap { Int($0) } ?? 0) : 0
    let budget = max(0, min(maxPages ?? ShowLibrary.pageCap, ShowLibrary.pageCap))
    var fetchedPages = 0
    var reachedEnd = false
    while fetchedPages < budget && page < ShowLibrary.pageCap {
      guard let result = try client.indexPage(page) else {
        if page == 0 { throw notFound(page: 0) }
        reachedEnd = true
        break
      }
      let started = now().timeIntervalSince1970
      try store.database.transaction {
        try source.adopt(store)
        if try page == 0 || store.meta(ShowStoreMeta.passStarted) == nil {
          try store.setMeta(ShowStoreMeta.passStarted, String(started))
        }
        try merge(result, outcome: &outcome)
        try store.setMeta(ShowStoreMeta.nextPage, String(page + 1))
      }
      fetchedPages += 1
      outcome.total = try store.count()
      try progress(page, outcome.total)
      page += 1
    }
    if reachedEnd {
      try store.database.transaction {
        let started =
          try store.meta(ShowStoreMeta.passStarted) ?? String(now().timeIntervalSince1970)
        try store.setMeta(ShowStoreMeta.fullSync, String(now().timeIntervalSince1970))
        try store.setMeta(ShowStoreMeta.lastSync, started)
        try store.setMeta(ShowStoreMeta.nextPage, nil)
        try store.setMeta(ShowStoreMeta.passStarted, nil)
      }
    } else {
      outcome.nextPage = page
    }
    return try finished(outcome)
  }

  private func mergeFirstPage() throws -> RefreshOutcome {
    guard let page = try client.indexPage(0) else { throw notFound(page: 0) }
    var outcome = RefreshOutcome(kind: .firstPage)
    try store.database.transaction {
      try source.adopt(store)
      try merge(page, outcome: &outcome)
    }
    return try finished(outcome)
  }

  private func syncIncrementally(window: UpdateWindow) throws -> RefreshOutcome {
    let started = now().timeIntervalSince1970
    var outcome = RefreshOutcome(kind: .incremental(window))
    let stamps = try client.updatedShows(since: window)
    let highest = try store.maxID() ?? 0
    for (id, stamp) in stamps.sorted(by: { $0.key < $1.key }) where id <= highest {
      let stored = try store.stamp(id: id)
      if let stored, let storedStamp = stored, storedStamp >= stamp { continue }
      let show: Show
      do {
        show = try client.show(id: id)
      } catch let error as TVMazeError where error.kind == .httpStatus(404) {
        outcome.skipped += 1
        continue
      }
      try store.database.transaction {
        try merge(ShowPage(shows: [show]), outcome: &outcome)
      }
    }
    var page = highest / ShowLibrary.pageSize
    while page < ShowLibrary.pageCap, let result = try client.indexPage(page) {
      try store.database.transaction { try merge(result, outcome: &outcome) }
      page += 1
    }
    try store.setMeta(ShowStoreMeta.lastSync, String(started))
    return try finished(outcome)
  }

  private func finished(_ outcome: RefreshOutcome) throws -> RefreshOutcome {
    var outcome = outcome
    outcome.total = try store.count()
    outcome.unchanged = outcome.total - outcome.new - outcome.updated
    return outcome
  }

  /// Writes a page's shows, counting what changed; call inside a transaction.
  private func merge(_ page: ShowPage, outcome: inout RefreshOutcome) throws {
    outcome.skipped += page.skipped
    outcome.fetched += page.shows.count
    for show in page.shows {
      switch try store.upsert(show) {
      case .new: outcome.new += 1
      case .updated: outcome.updated += 1
      case .unchanged: break
      }
    }
  }

  private func notFound(page: Int) -> TVMazeError {
    var base = client.baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    return TVMazeError(
      kind: .httpStatus(404), url: base + "/shows?page=\(page)", detail: "not found")
  }
}

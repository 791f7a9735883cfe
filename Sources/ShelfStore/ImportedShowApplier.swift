import Foundation
import ShelfDomain
import ShelfFiles

/// Writes imported shows into a person's files, each whole: the favourites, the watched marks
/// and the tracking file (statuses and ratings) are replaced together in one `DurableFileGroup`
/// write, under the household's lock and those of the three files, so that a kill at any
/// moment leaves every show either fully imported or not at all. Several shows may go in one
/// write (an import gathers those it matched within a second), each still whole. The show is
/// merged in by the declared rules (`UserDataDeclaration.merge`, with no common version: it
/// only adds and updates).
public struct ImportedShowApplier {
  public let data: UserData
  public let person: PersonData

  public init(data: UserData, person: PersonData) {
    self.data = data
    self.person = person
  }

  /// Applies `show`; with `dryRun`, reads the files as they are and says what would change,
  /// writing nothing.
  public func apply(_ show: ImportedShow, dryRun: Bool) throws -> ImportChange {
    try apply([show], dryRun: dryRun)[0]
  }

  /// Applies `shows` in their order, in one write; what each changed (or would change).
  public func apply(_ shows: [ImportedShow], dryRun: Bool) throws -> [ImportChange] {
    if dryRun {
      var favorites = try person.favorites.read()
      var watched = try person.watched.read()
      var tracking = try person.tracking.read()
      return shows.map {
        Self.merge($0, favorites: &favorites, watched: &watched, tracking: &tracking)
      }
    }
    return try data.household.file.withLock {
      try person.favorites.file.withLock {
        try person.watched.file.withLock {
          try person.tracking.withLock { try applyLocked(shows) }
        }
      }
    }
  }

  private func applyLocked(_ shows: [ImportedShow]) throws -> [ImportChange] {
    let favoritesBefore = try person.favorites.file.loadLocked()
    let watchedBefore = try person.watched.file.loadLocked()
    let trackingBefore = try person.tracking.loadLocked()
    var favorites = favoritesBefore.document
    var watched = watchedBefore.document
    var tracking = trackingBefore.document
    let changes = shows.map {
      Self.merge($0, favorites: &favorites, watched: &watched, tracking: &tracking)
    }
    // Statuses and ratings set now record when (as every change does), or keep the time the
    // history gives.
    UserDataDeclaration.recordChanges(
      trackingBefore.document, &tracking, at: Date(), keepingGivenTimes: true)
    var staging = FileGroupStaging()
    try staging.stage(person.favorites.file, favoritesBefore, favorites)
    try staging.stage(person.watched.file, watchedBefore, watched)
    try staging.stage(person.tracking, trackingBefore, tracking)
    try staging.write(journal: data.importJournal)
    return changes
  }

  /// The show merged into the documents by the declared rules: the show becomes a favourite
  /// (with TVmaze's data of it now); a mark keeps the earliest time and the latest, and the
  /// larger count of plays; a rating or a status given later wins, one the history gives no
  /// time for goes only where there is none; `plan` only on a show with nothing watched.
  static func merge(
    _ show: ImportedShow, favorites: inout FavoritesDocument, watched: inout WatchedDocument,
    tracking: inout TrackingDocument
  ) -> ImportChange {
    var change = ImportChange()
    let id = show.show.id
    change.followed = !favorites.contains(ItemID(.show, id))
    _ = UserDataDeclaration.merge(show.favoritesDocument, into: &favorites)

    let before = Dictionary(
      watched.episodes(show: id).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    if !show.marks.isEmpty {
      _ = UserDataDeclaration.merge(show.watchedDocument, into: &watched)
      for mark in watched.episodes(show: id) {
        guard let old = before[mark.id] else {
          change.marked += 1
          change.rewatches += mark.plays - 1
          continue
        }
        if let time = mark.watchedAt, old.watchedAt.map({ time < $0 }) ?? true {
          change.earlier += 1
        }
        change.rewatches += max(0, mark.plays - old.plays)
      }
    }

    let statusBefore = tracking.status(of: id)
    let planning = watched.episodes(show: id).isEmpty
    let counts = UserDataDeclaration.merge(
      show.trackingDocument(planning: planning), into: &tracking)
    change.ratings = UserDataDeclaration.ratings.reduce(0) { $0 + (counts[$1.name] ?? 0) }
    if let status = tracking.status(of: id), status != statusBefore { change.status = status }
    return change
  }
}

extension ImportedShow {
  /// The show as a favourite.
  var favoritesDocument: FavoritesDocument {
    var document = FavoritesDocument()
    _ = document.add(ItemID(.show, show.id), show: show)
    return document
  }

  /// Its marks.
  var watchedDocument: WatchedDocument {
    var document = WatchedDocument()
    document.shows = [WatchedShow(showId: show.id, episodes: marks)]
    return document
  }

  /// Its status (`plan` only when `planning`: the show has nothing watched), its rating and its
  /// episodes' ratings, each with the time the history gives.
  func trackingDocument(planning: Bool) -> TrackingDocument {
    var document = TrackingDocument()
    var entry = TrackedShow(showId: show.id)
    if let status, status != .plan || planning { entry.status = status }
    if let rating {
      entry.rating = rating.value
      entry.ratingChanged = rating.at
    }
    if !entry.isEmpty { document.shows = [entry] }
    document.episodes = episodeRatings.sorted { $0.key < $1.key }.map { id, rated in
      var episode = rated.episode
      episode.id = id
      episode.changedAt = rated.at
      return episode
    }
    return document
  }
}

/// The new versions of several user files, staged to be written as one change
/// (`DurableFileGroup`): only those that differ from what the file holds (or that needed
/// repairs, whose original is then kept beside the file first).
struct FileGroupStaging {
  private var files: [(url: URL, contents: ((any ContiguousBytes) throws -> Void) throws -> Void)] =
    []
  private var adopt: [() -> Void] = []

  mutating func stage<Document: StoredDocument>(
    _ file: PropertyListFile<Document>, _ before: (document: Document, unrepaired: Data?),
    _ document: Document
  ) throws {
    guard document != before.document || before.unrepaired != nil else { return }
    if before.unrepaired != nil { try file.keepUnrepairedOriginal() }
    files.append((file.url, { write in try file.stream(document) { try write($0) } }))
    adopt.append { file.adopt(document) }
  }

  /// Writes every staged file as one change, recorded in `journal` while it is made.
  func write(journal: URL) throws {
    do {
      try DurableFileGroup.write(files, journal: journal)
    } catch let error as FileError {
      throw StoreError(error)
    }
    for adopting in adopt { adopting() }
  }
}

import Foundation
import ShelfDomain
import ShelfFiles

/// Writes imported shows into a person's files, each whole: the favourites, the watched marks
/// and the tracking file (statuses and ratings) are replaced together in one `DurableFileGroup`
/// write, under the household's lock and those of the three files, so that a kill at any
/// moment leaves every show either fully imported or not at all. Several shows may go in one
/// write (an import gathers those it matched within a second), each still whole. The merge
/// rules are in `merge`, and only there.
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
    // Statuses and ratings set now record when (as every change does).
    UserDataDeclaration.recordChanges(trackingBefore.document, &tracking, at: Date())
    var staging = FileGroupStaging()
    try staging.stage(person.favorites.file, favoritesBefore, favorites)
    try staging.stage(person.watched.file, watchedBefore, watched)
    try staging.stage(person.tracking, trackingBefore, tracking)
    try staging.write(journal: data.importJournal)
    return changes
  }

  /// The rules of an import, applied to the documents: the show becomes a favourite; an
  /// episode not marked is marked, one marked keeps the earliest time of the two; a rating
  /// is set where there is none (the person's own stays); a status is set where the show has
  /// none (`plan` only for a show with nothing watched).
  static func merge(
    _ show: ImportedShow, favorites: inout FavoritesDocument, watched: inout WatchedDocument,
    tracking: inout TrackingDocument
  ) -> ImportChange {
    var change = ImportChange()
    let id = show.show.id
    change.followed = favorites.add(ItemID(.show, id), show: show.show)

    if !show.marks.isEmpty {
      let index =
        watched.shows.firstIndex { $0.showId == id }
        ?? {
          watched.shows.append(WatchedShow(showId: id, episodes: []))
          return watched.shows.count - 1
        }()
      var marks = watched.shows[index].episodes
      watched.shows[index].episodes = []
      var positions = Dictionary(
        marks.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
      for mark in show.marks {
        let episode = mark.episode
        guard let position = positions[episode.id] else {
          positions[episode.id] = marks.count
          marks.append(episode)
          change.marked += 1
          change.rewatches += mark.plays - 1
          continue
        }
        marks[position].season = marks[position].season ?? episode.season
        marks[position].number = marks[position].number ?? episode.number
        if let time = episode.watchedAt, marks[position].watchedAt.map({ time < $0 }) ?? true {
          marks[position].watchedAt = time
          change.earlier += 1
        }
      }
      watched.shows[index].episodes = marks
    }

    if let rating = show.rating, tracking.rating(ofShow: id) == nil,
      tracking.rate(show: id, rating.value)
    {
      change.ratings += 1
    }
    for (episodeID, rated) in show.episodeRatings.sorted(by: { $0.key < $1.key })
    where tracking.rating(ofEpisode: episodeID) == nil {
      if tracking.rate(episode: rated.episode, id: episodeID) { change.ratings += 1 }
    }

    if let status = show.status, tracking.status(of: id) == nil,
      status != .plan || watched.episodes(show: id).isEmpty,
      tracking.setStatus(status, of: id)
    {
      change.status = status
    }
    return change
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

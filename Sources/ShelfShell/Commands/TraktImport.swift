import Foundation
import ShelfDomain
import ShelfFiles
import ShelfStore
import ShelfTV

/// `import --from trakt FILE [RATINGS]`: a Trakt history brought into shelf. Every file is
/// read and checked first (a file that is not such an export changes nothing); then each show
/// is matched through TVmaze's `/lookup/shows` (IMDb id, else TheTVDB id) and its episodes by
/// season and number. Matched shows become favourites (with their episodes saved for offline
/// use), episodes are marked watched with the time Trakt gives, ratings become `rate`s. The
/// changes are saved at the end, or when it is stopped (Ctrl-C, a failed lookup) for the
/// shows whose matching was finished, so a second run adds only what is missing.
struct TraktImport {
  let context: CommandContext

  /// A Trakt export is a few megabytes; anything this large is not one.
  static let sizeLimit = 32 << 20
  /// The names Trakt's export gives its ratings files, looked for beside the watched file.
  static let ratingsFiles = ["ratings-shows.json", "ratings-episodes.json"]

  /// One show to import: its Trakt names, its episodes and ratings.
  private struct Wanted {
    let show: TraktExport.ShowID
    var episodes: [TraktExport.WatchedEpisode] = []
    var showRating: Int?
    var episodeRatings: [EpisodeCode: Int] = [:]
  }

  /// What matching found for one show.
  private struct Matched {
    let show: Show
    let episodes: [Episode]
    let marks: [WatchedEpisode]
    let showRating: Int?
    let episodeRatings: [RatedEpisode]
  }

  func run(watchedPath: String, ratingsPath: String?) throws -> String {
    let now = context.library.now()
    guard case .watched(let watched) = try read(watchedPath, now: now) else {
      throw ShellError.cannotImport(
        path: watchedPath,
        reason: "it is a Trakt ratings export; give the watched-shows export first")
    }
    var ratingPaths = ratingsPath.map { [$0] } ?? []
    let folder = URL(fileURLWithPath: watchedPath).deletingLastPathComponent()
    for name in Self.ratingsFiles {
      let path = folder.appendingPathComponent(name).path
      if !ratingPaths.contains(path), path != watchedPath,
        FileManager.default.fileExists(atPath: path)
      {
        ratingPaths.append(path)
      }
    }
    var ratings: [TraktExport.Rating] = []
    for path in ratingPaths {
      guard case .ratings(let more) = try read(path, now: now) else {
        throw ShellError.cannotImport(path: path, reason: "not a Trakt ratings export")
      }
      ratings += more
    }
    let wanted = Self.wanted(watched: watched, ratings: ratings)
    var matched: [Matched] = []
    var notFound: [TraktExport.ShowID] = []
    var missingEpisodes = 0
    do {
      for (index, entry) in wanted.enumerated() {
        if context.interrupted() { throw RequestCancelled() }
        context.progress("import: show \(index + 1) of \(wanted.count), \(entry.show)")
        guard let show = try lookup(entry.show) else {
          notFound.append(entry.show)
          continue
        }
        let result = try match(entry, show: show)
        missingEpisodes += result.missing
        matched.append(result.matched)
        // Its episodes are saved for offline use now, while TVmaze's pacing waits anyway.
        context.library.saveEpisodesWithFavorites(show)
      }
    } catch {
      // What was matched is saved whole; the rest is for the next run.
      let saved = try save(matched)
      let done =
        "stopped after \(matched.count + notFound.count) of \(Thousands.counted(wanted.count, "shows")); "
        + "\(Thousands.counted(saved.marked, "episodes")) marked and saved, \"import --from trakt\""
        + " again adds the rest"
      if error is RequestCancelled { throw ShellError.cancelled(done) }
      throw ShellError(error, action: done)
    }
    let saved = try save(matched)
    var text =
      "\(Thousands.counted(matched.count, "shows")) matched, "
      + "\(Thousands.counted(saved.marked, "episodes")) marked, "
      + "\(notFound.count) not found"
    text +=
      notFound.isEmpty ? "." : ": " + notFound.map(\.description).joined(separator: ", ") + "."
    if saved.rated > 0 { text += " \(Thousands.counted(saved.rated, "ratings")) saved." }
    if missingEpisodes > 0 {
      let one = missingEpisodes == 1
      text +=
        " \(Thousands.counted(missingEpisodes, "episodes")) TVmaze does not list"
        + " \(one ? "was" : "were") left out."
    }
    return text
  }

  private func read(_ path: String, now: Date) throws -> TraktExport.Contents {
    let data: Data
    do {
      data = try SmallFile.read(path, limit: Self.sizeLimit)
    } catch {
      throw ShellError.cannotImport(path: path, reason: FileError.systemReason(error))
    }
    do {
      return try TraktExport.read(data, now: now)
    } catch {
      throw ShellError.cannotImport(path: path, reason: error.description)
    }
  }

  /// The shows to import, in the file's order (shows only rated come after).
  private static func wanted(
    watched: [TraktExport.WatchedShow], ratings: [TraktExport.Rating]
  ) -> [Wanted] {
    var list = watched.map { Wanted(show: $0.show, episodes: $0.episodes) }
    var positions = Dictionary(
      list.enumerated().map { ($1.show.key, $0) }, uniquingKeysWith: { first, _ in first })
    for rating in ratings {
      let position =
        positions[rating.show.key]
        ?? {
          list.append(Wanted(show: rating.show))
          positions[rating.show.key] = list.count - 1
          return list.count - 1
        }()
      if let season = rating.season, let number = rating.number {
        list[position].episodeRatings[EpisodeCode(season: season, number: number)] = rating.rating
      } else {
        list[position].showRating = rating.rating
      }
    }
    return list
  }

  /// The TVmaze show for Trakt's ids: by IMDb id, else TheTVDB id.
  private func lookup(_ show: TraktExport.ShowID) throws -> Show? {
    let client = context.library.client
    if let imdb = show.imdb, let found = try client.lookupShow(.imdb(imdb)) { return found }
    if let tvdb = show.tvdb { return try client.lookupShow(.thetvdb(tvdb)) }
    return nil
  }

  private func match(_ entry: Wanted, show: Show) throws -> (matched: Matched, missing: Int) {
    let episodes = try context.library.episodes.episodes(of: show, keepWithFavorites: false)
    let guide = EpisodeGuide(episodes)
    var missing = 0
    var marks: [WatchedEpisode] = []
    for watched in entry.episodes {
      guard let episode = guide.episode(EpisodeCode(season: watched.season, number: watched.number))
      else {
        missing += 1
        continue
      }
      marks.append(
        WatchedEpisode(
          id: episode.id, season: episode.season, number: episode.number,
          watchedAt: watched.watchedAt))
    }
    let rated = entry.episodeRatings.compactMap { code, rating -> RatedEpisode? in
      guard let episode = guide.episode(code) else { return nil }
      return RatedEpisode(
        showId: show.id, id: episode.id, season: episode.season, number: episode.number,
        rating: rating)
    }.sorted { $0.id < $1.id }
    return (
      Matched(
        show: show, episodes: episodes, marks: marks, showRating: entry.showRating,
        episodeRatings: rated),
      missing
    )
  }

  /// Saves what was matched: the shows as favourites (their episodes were saved as each was
  /// matched), the marks, then the ratings; each file once. Returns how many marks and ratings were new.
  private func save(_ matched: [Matched]) throws -> (marked: Int, rated: Int) {
    guard !matched.isEmpty else { return (0, 0) }
    let library = context.library
    let userData = library.userData
    try userData.favorites.file.update { favorites in
      for entry in matched { _ = favorites.add(ItemID(.show, entry.show.id), show: entry.show) }
    }
    let marked = try userData.watched.file.update { watched in
      matched.reduce(0) { total, entry in
        total + watched.mark(show: entry.show.id, episodes: entry.marks, fillingTimes: true)
      }
    }
    let rated = try userData.tracking.update { tracking in
      var count = 0
      for entry in matched {
        if let rating = entry.showRating, tracking.rate(show: entry.show.id, rating) { count += 1 }
        for rating in entry.episodeRatings where tracking.rate(episode: rating, id: rating.id) {
          count += 1
        }
      }
      return count
    }
    return (marked, rated)
  }
}

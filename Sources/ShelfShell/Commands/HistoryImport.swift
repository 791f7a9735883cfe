import Foundation
import ShelfDomain
import ShelfFiles
import ShelfImport
import ShelfStore
import ShelfTV

/// `import --from SOURCE FILE`: another tracker's history brought into a person's files. The
/// whole export is read first (a file that is not that service's export changes nothing);
/// then show after show, TVmaze's pacing kept: the show is found (`ShowMatcher`), its rows
/// become marks, ratings and a status (`ShowPlan`), and the shows matched are applied whole
/// (`ImportedShowApplier`, those of the last second together), so that a kill leaves every
/// show done or not at all, Ctrl-C keeps the shows done, and the next run adds the rest. A dry
/// run does all of it but the writing.
struct HistoryImport {
  let context: CommandContext
  let format: ImportFormat
  let dryRun: Bool
  /// Where the rows not matched are written, if asked (also in a dry run: it is the file the
  /// user asked for, not their data).
  let unmatchedPath: String?
  /// Whose files receive it; nil: the active profile's.
  let profile: ProfileRecord?

  /// Imports the export at `paths` (one, or the files of one Trakt export).
  func run(paths: [String]) throws -> HistoryImportSummary {
    var history = HistoryFile()
    for path in paths {
      do {
        history.append(contentsOf: try format.read(path))
      } catch {
        throw ShellError.cannotImport(path: error.path, reason: error.reason)
      }
    }
    let path = paths.joined(separator: " and ")
    let shows = history.shows
    var summary = HistoryImportSummary(
      source: format, dryRun: dryRun, leftOut: history.leftOut)
    guard !shows.isEmpty else {
      let left = history.leftOut.sorted { $0.key < $1.key }.map { $0.key.words($0.value) }
      throw ShellError.cannotImport(
        path: path,
        reason: "it has no TV show to import"
          + (left.isEmpty ? "" : " (" + left.joined(separator: ", ") + " left out)"))
    }
    let library = context.library
    let person = profile.map(library.userData.person(for:)) ?? library.userData.person
    let applier = ImportedShowApplier(data: library.userData, person: person)
    let matcher = ShowMatcher(client: library.client)
    var unmatched: [YamtrackWriter.Unmatched] = []
    var missingEpisodes = Set<[String]>()
    var stop: Error?
    var done = 0
    // Shows matched and not written yet: written together (each whole) while TVmaze's pacing
    // makes the next call wait anyway, so that the writing costs no time (with the sliding
    // window of 20 calls, work between calls pushes every later call back); at the latest when
    // 100 shows or 5 s of them are waiting, which bounds what a kill can undo.
    var pending: [(imported: ImportedShow, show: Show)] = []
    var pendingSince = ProcessInfo.processInfo.systemUptime
    func flush() throws {
      guard !pending.isEmpty else { return }
      let changes = try applier.apply(pending.map(\.imported), dryRun: dryRun)
      for (entry, change) in zip(pending, changes) {
        if !dryRun { library.saveEpisodesWithFavorites(entry.show) }
        summary.add(change, of: entry.show, name: entry.show.name)
      }
      done += pending.count
      pending = []
    }
    for entry in shows {
      if context.interrupted() {
        stop = RequestCancelled()
        break
      }
      context.progress(
        "import: show \(done + pending.count + 1) of \(shows.count), \(entry.reference)")
      do {
        switch try matcher.match(entry.reference) {
        case .notFound(let reason):
          summary.notFound(entry.reference, reason)
          unmatched += entry.rows.map {
            YamtrackWriter.Unmatched(row: $0, reason: reason.description)
          }
          done += 1
        case .found(let show, let episodes):
          let plan = ShowPlan(
            history: entry, show: show,
            finder: try finder(for: show, embedded: episodes, rows: entry.rows), now: library.now())
          for row in plan.missing {
            let episode = row.episode?.description ?? "?"
            if missingEpisodes.insert([show.id.description, episode]).inserted {
              summary.missingEpisodes.append(.init(show: show.name, episode: episode))
            }
            unmatched.append(.init(row: row, reason: "TVmaze lists no \(episode) of \(show.name)"))
          }
          if pending.isEmpty { pendingSince = ProcessInfo.processInfo.systemUptime }
          pending.append((plan.imported, show))
        }
        if library.client.delayBeforeNextCall >= 0.05 || pending.count >= 100
          || ProcessInfo.processInfo.systemUptime - pendingSince >= 5
        {
          try flush()
        }
      } catch {
        stop = error
        break
      }
    }
    do {
      try flush()
    } catch {
      stop = stop ?? error
    }
    if let unmatchedPath {
      try writeUnmatched(unmatched, to: unmatchedPath)
      summary.unmatchedFile = unmatchedPath
    }
    if let stop {
      guard done > 0 else {
        if stop is RequestCancelled { throw ShellError.cancelled("") }
        throw ShellError(stop, action: "")
      }
      let account =
        "stopped after \(done) of \(shows.count) shows: \(summary.line.dropLast())"
        + (dryRun
          ? "; dry run, nothing written"
          : "; \"import --from \(format.rawValue)\" again adds the rest")
      if stop is RequestCancelled { throw ShellError.cancelled(account) }
      throw ShellError(stop, action: account)
    }
    guard summary.shows > 0 else {
      throw ShellError.cannotImport(
        path: path, reason: "no show could be matched: \(summary.line.dropLast())")
    }
    return summary
  }

  /// What finds the rows' episodes: the show's episodes (those that came with it, else the
  /// known or fetched ones), and its specials when a row is in season 0. Nothing is fetched
  /// for a show without episode rows.
  private func finder(for show: Show, embedded: [Episode]?, rows: [HistoryRow]) throws
    -> EpisodeFinder
  {
    let store = context.library.episodes
    if let embedded, !dryRun { store.keep(embedded, of: show) }
    let references = rows.compactMap(\.episode)
    guard !references.isEmpty else { return EpisodeFinder(episodes: embedded ?? []) }
    let episodes =
      try embedded
      ?? (dryRun
        ? store.episodesWithoutKeeping(of: show)
        : store.episodes(of: show, keepWithFavorites: false))
    let finder = EpisodeFinder(episodes: episodes)
    guard finder.needsSpecials(references) else { return finder }
    return EpisodeFinder(
      episodes: episodes,
      specials: try context.library.client.episodes(showID: show.id, specials: true))
  }

  /// Writes the rows not matched as Yamtrack's CSV, which `import --from yamtrack` reads
  /// back once they are fixed.
  private func writeUnmatched(_ rows: [YamtrackWriter.Unmatched], to path: String) throws {
    do {
      try DurableFile.write(
        Data(YamtrackWriter.unmatched(rows).utf8), to: URL(fileURLWithPath: path))
    } catch {
      throw ShellError.store(StoreError(FileError(path: path, operation: .save, error: error)))
    }
  }
}

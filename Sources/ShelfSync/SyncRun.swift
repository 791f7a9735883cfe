import Foundation
import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One sync's steps, in order: finish what a killed sync left, record this device's documents
/// as a commit, fetch the others', merge and write (`HouseholdWriter`), push; a push another
/// device got in before is fetched, merged and pushed again.
final class SyncRun {
  let engine: SyncEngine
  let repository: GitRepository
  let remote: RemoteAddress
  let progress: SyncProgress
  /// The other devices' `main` as last fetched; nil when the remote has none.
  private(set) var theirs: String?
  /// The files of commits read so far, by commit.
  private var trees: [String: [String: String]] = [:]
  /// Pushes that met another device's at the same moment.
  private var races = 0
  /// This sync made a commit (git's housekeeping may be due).
  var madeCommits = false
  /// This device's documents as the last `record` found them.
  private(set) var local: LocalDocuments?
  /// How many times a sync fetches, merges and pushes before it gives up on busy devices.
  static let attempts = 8

  init(engine: SyncEngine, repository: GitRepository, remote: RemoteAddress) {
    self.engine = engine
    self.repository = repository
    self.remote = remote
    progress = SyncProgress(show: engine.options.progress)
  }

  var rules: SyncRules { engine.rules }
  var folder: SyncFolder { engine.folder }
  var writer: HouseholdWriter { HouseholdWriter(run: self) }

  // MARK: - Steps

  func fetch() throws {
    try stopIfInterrupted()
    do {
      try repository.fetch(verbose: verbose, tick: tick)
    } catch SyncError.unreachable(_, let reason) where remote.isLocalPath {
      // A local path says more than git's words for it.
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: remote.text, isDirectory: &isDirectory) else {
        throw SyncError.unreachable(remote: remote.display, reason: "there is nothing there")
      }
      guard isDirectory.boolValue, !reason.contains("does not appear to be a git repository")
      else { throw SyncError.notAHousehold(remote: remote.display) }
      throw SyncError.unreachable(remote: remote.display, reason: reason)
    }
    theirs = try repository.remoteMain()
  }

  /// Whether the remote had no branch at all at the last fetch.
  func remoteIsEmpty() throws -> Bool {
    try repository.remoteBranches().isEmpty
  }

  /// The files of a commit: path → blob id (read once a sync).
  func files(of commit: String) throws -> [String: String] {
    if let known = trees[commit] { return known }
    if let remembered = folder.rememberedTree(of: commit) {
      trees[commit] = remembered
      return remembered
    }
    let files = try repository.files(of: commit)
    trees[commit] = files
    return files
  }

  /// The files of the others' commit, checked to be a shelf household this shelf can read.
  @discardableResult
  func checkHousehold(_ commit: String) throws -> [String: String] {
    let files = try files(of: commit)
    guard let marker = files[RepositoryLayout.marker],
      let contents = try repository.blobs([marker])[marker],
      let format = RepositoryLayout.format(ofMarker: String(decoding: contents, as: UTF8.self))
    else { throw SyncError.notAHousehold(remote: remote.display) }
    guard format <= RepositoryLayout.format else {
      throw SyncError.newerHousehold(remote: remote.display, format: format)
    }
    return files
  }

  /// `sync init`: the first commit of the household, pushed to an empty remote.
  func sendFirst() throws -> SyncReport {
    progress.enter("sending to \(remote.display)")
    let commit = try record(parent: nil)
    guard try push(commit) else {
      throw SyncError.pushRefused(remote: remote.display, reason: "another device started it first")
    }
    try DurableFile.write(SyncFolder.syncedContents(commit), to: folder.synced)
    try repository.update(GitRepository.branch, to: commit)
    let sent = try countChanges(from: [:], to: files(of: commit))
    return try finished(SyncReport(kind: .started, remote: remote.display, sent: sent))
  }

  /// Sends this device's changes and brings the others': fetched already.
  func exchange() throws -> SyncReport {
    var report = SyncReport(kind: .synced, remote: remote.display)
    var synced = folder.syncedCommit()
    progress.enter("reading this device's changes")
    var ours = try record(parent: synced)
    for attempt in 1...Self.attempts {
      if attempt > 1 {
        progress.enter("receiving from \(remote.display)")
        try fetch()
      }
      guard let theirs else {
        // An emptied remote (a new disk at the same place) gets the household again.
        guard try remoteIsEmpty() else { throw SyncError.notAHousehold(remote: remote.display) }
        try setSynced(ours, was: synced)
        synced = ours
        progress.enter("sending to \(remote.display)")
        guard try push(ours) else { continue }
        report.sent = try countChanges(from: [:], to: files(of: ours))
        report.notes.append("\(remote.display) was empty; the household was sent there again")
        return try finished(report)
      }
      if ours == theirs, synced == ours { return try finished(report) }
      let theirFiles = try checkHousehold(theirs)
      if try repository.isAncestor(theirs, of: ours) {
        try setSynced(ours, was: synced)
        synced = ours
        progress.enter("sending to \(remote.display)")
        guard try push(ours) else { continue }
        report.sent = try countChanges(from: theirFiles, to: files(of: ours))
        return try finished(report)
      }
      let base = synced == nil ? nil : try repository.mergeBase(ours, theirs)
      try stopIfInterrupted()
      progress.enter("merging")
      let merged = try writer.merge(base: base, ours: ours, theirs: theirs, theirFiles: theirFiles)
      report.received += merged.received
      report.notes += merged.notes
      synced = merged.commit
      ours = merged.commit
      if merged.commit == theirs { return try finished(report) }
      progress.enter("sending to \(remote.display)")
      if try push(merged.commit) {
        report.sent = merged.sent
        return try finished(report)
      }
    }
    throw SyncError.keptChanging(attempts: Self.attempts)
  }

  /// Changes made here that the remote did not have when it was last fetched.
  func waiting() throws -> Int {
    let reference = try repository.resolve(GitRepository.remoteBranch) ?? folder.syncedCommit()
    let old = try reference.map { try files(of: $0) } ?? [:]
    let local = try LocalDocuments.read(
      dataDirectory: engine.dataDirectory, rules: rules, folder: folder, repository: repository)
    var before: [String: Data] = [:]
    var after: [String: Data] = [:]
    let paths = local.files.filter { $0.value.blob != nil && $0.value.blob != old[$0.key] }
    let contents = try repository.blobs(Set(paths.keys.compactMap { old[$0] }))
    for (path, file) in paths {
      before[path] = old[path].flatMap { contents[$0] }
      after[path] = try LocalDocuments.readFile(file.url)
    }
    return count(from: before, to: after)
  }

  /// Finishes what a sync killed half-way left: its journal's renames (merging a change a shell
  /// made since), or the files it staged before its journal.
  func finishInterrupted() throws {
    let journal = SyncJournal(folder: folder)
    guard journal.isPending else {
      let people = (try? rules.people(in: LocalDocuments.readFile(peopleURL))) ?? []
      journal.removeStaged(for: localURLs(of: people))
      return
    }
    let destinations = journal.pending().map { URL(fileURLWithPath: $0.destination) }
    try writer.withLocks(of: destinations) { peopleData in
      try journal.finish { path, mergedFrom, staged, current in
        guard let current, let document = RepositoryLayout.document(at: path) else { return staged }
        let base = try self.repository.blobs([mergedFrom])[mergedFrom]
        guard current != base else { return staged }
        return try self.rules.merge(
          document, base: base, ours: current, theirs: staged, household: peopleData
        ).document
      }
    }
    _ = try? rules.settle(dataDirectory: engine.dataDirectory)
  }

  // MARK: - Parts

  var peopleURL: URL { engine.dataDirectory.appendingPathComponent(rules.peopleDocument) }

  /// Every file of this device that travels, for `people`.
  func localURLs(of people: [SyncPerson]) -> [URL] {
    let household = rules.householdDocuments.map { engine.dataDirectory.appendingPathComponent($0) }
    let directory = engine.dataDirectory.appendingPathComponent(rules.peopleDirectory)
    return household
      + people.flatMap { person in
        rules.personDocuments.map {
          directory.appendingPathComponent(person.directory).appendingPathComponent($0)
        }
      }
  }

  /// Commits this device's documents on `parent` (none: the household's first commit, with
  /// the marker); returns `parent` when nothing changed.
  func record(parent: String?) throws -> String {
    let local = try LocalDocuments.read(
      dataDirectory: engine.dataDirectory, rules: rules, folder: folder, repository: repository)
    self.local = local
    let before = try parent.map { try files(of: $0) } ?? [:]
    var changes: [GitRepository.Change] = []
    let peoplePath = RepositoryLayout.path(of: .household(rules.peopleDocument))
    for (path, file) in local.files.sorted(by: { $0.key < $1.key }) {
      guard let blob = file.blob, before[path] != blob else { continue }
      if path == peoplePath, let old = before[path], try !peopleChanged(from: old, to: blob) {
        continue
      }
      // `LocalDocuments` stored the blob as it hashed it.
      changes.append(GitRepository.Change(path: path, content: .blob(blob)))
    }
    let folders = Set(local.people.map(\.folder))
    for path in before.keys.sorted() {
      if case .person(let id, let name)? = RepositoryLayout.document(at: path),
        !folders.contains(id), rules.personDocuments.contains(name)
      {
        changes.append(GitRepository.Change(path: path, content: nil))
      }
    }
    madeCommits = true
    guard let parent else {
      changes.append(
        GitRepository.Change(
          path: RepositoryLayout.marker, content: .data(Data(RepositoryLayout.markerContents.utf8))
        ))
      return try repository.commit(
        parents: [], changes: changes, message: "The household as \(repository.device) had it",
        now: engine.options.now())
    }
    guard !changes.isEmpty else {
      madeCommits = false
      return parent
    }
    return try repository.commit(
      parents: [parent], changes: changes, message: "Changes made on \(repository.device)",
      now: engine.options.now())
  }

  /// Whether the people document changed in anything but this device's own parts.
  private func peopleChanged(from blob: String, to now: String) throws -> Bool {
    let contents = try repository.blobs([blob, now])
    guard let old = contents[blob], let new = contents[now] else { return true }
    let sent = try? rules.changes(
      .household(rules.peopleDocument), from: old, to: new, household: nil)
    return sent.map { $0 > 0 } ?? true
  }

  /// Takes `commit` as the version the data directory is at, when only this device changed it.
  private func setSynced(_ commit: String, was synced: String?) throws {
    guard commit != synced else { return }
    do {
      try DurableFile.write(SyncFolder.syncedContents(commit), to: folder.synced)
    } catch let error as FileError {
      throw SyncError.file(error)
    }
    try repository.update(GitRepository.branch, to: commit)
  }

  /// Pushes `commit`; false when another device pushed first, or was pushing at the same
  /// moment (then after a short, random wait, so that two devices do not meet again).
  private func push(_ commit: String) throws -> Bool {
    switch try repository.push(commit, verbose: verbose, tick: tick) {
    case .pushed:
      return true
    case .behind:
      return false
    case .raced(let reason):
      races += 1
      guard races < Self.attempts else {
        throw SyncError.pushRefused(remote: remote.display, reason: reason)
      }
      usleep(UInt32.random(in: 50_000...400_000))
      return false
    case .refused(let reason):
      throw SyncError.pushRefused(remote: remote.display, reason: reason)
    }
  }

  /// How many changes (datums) `new` has that `old` did not, by repository path.
  func countChanges(from old: [String: String], to new: [String: String]) throws -> Int {
    let paths = new.keys.filter { RepositoryLayout.document(at: $0) != nil && old[$0] != new[$0] }
    let contents = try repository.blobs(
      Set(paths.flatMap { [old[$0], new[$0]].compactMap { $0 } }))
    var before: [String: Data] = [:]
    var after: [String: Data] = [:]
    for path in paths {
      before[path] = old[path].flatMap { contents[$0] }
      after[path] = new[path].flatMap { contents[$0] }
    }
    return count(from: before, to: after)
  }

  private func count(from before: [String: Data], to after: [String: Data]) -> Int {
    let peoplePath = RepositoryLayout.path(of: .household(rules.peopleDocument))
    var total = 0
    for (path, contents) in after {
      guard let document = RepositoryLayout.document(at: path) else { continue }
      let old = before[path]
      let sent = try? rules.changes(
        document, from: old, to: contents, household: after[peoplePath])
      total += sent ?? 0
    }
    return total
  }

  /// Records the sync as finished (for `sync status`) and returns its report; after a sync
  /// that made commits, git packs its loose objects when that is due.
  private func finished(_ report: SyncReport) throws -> SyncReport {
    if madeCommits { repository.maintain() }
    if let synced = folder.syncedCommit(), folder.rememberedTree(of: synced) == nil,
      let files = try? files(of: synced)
    {
      folder.rememberTree(files, of: synced)
    }
    try? folder.record(
      SyncFolder.LastSync(time: engine.options.now(), sent: report.sent, received: report.received))
    return report
  }

  /// git's messages for `sync --verbose`, without credentials: each line as git leaves it on
  /// a terminal (the last of the states a progress line is rewritten to).
  func verbose(_ text: String) {
    guard let sink = engine.options.verbose, !text.isEmpty else { return }
    for line in text.split(separator: "\n") {
      let last = line.split(separator: "\r").last ?? ""
      let trimmed = last.trimmingCharacters(in: .whitespaces)
      if !trimmed.isEmpty { sink(remote.redact(trimmed)) }
    }
  }

  /// Stops here when the user asked (Ctrl-C).
  private func stopIfInterrupted() throws {
    if engine.options.interrupted() { throw SyncError.interrupted }
  }

  /// Called while git runs: progress, and whether to stop.
  func tick(_ gitOutput: String) -> Bool {
    progress.tick(gitOutput: gitOutput)
    return engine.options.interrupted()
  }

  /// Runs `body`; the errors it throws name the remote without credentials, and git's words
  /// in them are passed through `RemoteAddress.redact`.
  func redactingErrors<Result>(_ body: () throws -> Result) throws -> Result {
    do {
      return try body()
    } catch let error as SyncError {
      switch error {
      case .unreachable(_, let reason):
        throw SyncError.unreachable(
          remote: remote.display, reason: Self.shorten(remote.redact(reason)))
      case .git(let action, let reason):
        throw SyncError.git(action: action, reason: remote.redact(reason))
      case .pushRefused(_, let reason):
        throw SyncError.pushRefused(remote: remote.display, reason: remote.redact(reason))
      default:
        throw error
      }
    }
  }

  /// git's reason without the address it repeats (`unable to access '…': `,
  /// `'…' does not appear to be a git repository`).
  private static func shorten(_ reason: String) -> String {
    if reason.hasSuffix("' does not appear to be a git repository") {
      return "not a git repository"
    }
    guard reason.hasPrefix("unable to access '"),
      let end = reason.range(of: "': ")
    else { return reason }
    return String(reason[end.upperBound...])
  }
}

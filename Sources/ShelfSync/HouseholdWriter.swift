import Foundation
import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Merges the others' commit into this device's documents and writes the result, under the
/// locks every command takes: the people document's first (as an import takes it), then every
/// other document's in path order. A shell that writes while a sync runs either wrote before
/// the lock (its change is this device's side of the merge) or after (its change is made on
/// the merged document); none is lost.
struct HouseholdWriter {
  let run: SyncRun

  /// What a merge gave.
  struct Merged {
    var commit: String
    var sent: Int
    var received: Int
    var notes: [String]
  }

  private var rules: SyncRules { run.rules }
  private var repository: GitRepository { run.repository }
  private var dataDirectory: URL { run.engine.dataDirectory }
  private var peopleDirectory: URL { dataDirectory.appendingPathComponent(rules.peopleDirectory) }

  func merge(base: String?, ours: String, theirs: String, theirFiles: [String: String]) throws
    -> Merged
  {
    let baseFiles = try base.map { try run.files(of: $0) }
    let ourFiles = try run.files(of: ours)
    let fastForward = try repository.isAncestor(ours, of: theirs)
    var removedHere: [SyncPerson] = []
    var merged = try withLocks(of: []) { peopleData -> Merged in
      let people = try rules.people(in: peopleData)
      let tree = TreeMerge(
        rules: rules, peopleDirectory: peopleDirectory, base: baseFiles, ours: ourFiles,
        theirs: theirFiles, blobs: repository.blobs, readLocal: LocalDocuments.readFile)
      var plan = try tree.plan(localPeopleData: peopleData, localPeople: people)
      let journal = SyncJournal(folder: run.folder)
      try journal.stageFiles(plan.writes)
      let merged: Merged
      do {
        try storeBlobs(of: &plan)
        let changes = Self.changes(
          from: fastForward ? theirFiles : ourFiles, to: plan.tree, known: tree.knownContents)
        let commit =
          fastForward && changes.isEmpty
          ? theirs
          : try repository.commit(
            parents: fastForward ? [theirs] : [ours, theirs], changes: changes,
            message: "Merged on \(repository.device)", now: run.engine.options.now())
        if commit != theirs { run.madeCommits = true }
        var notes = plan.notes
        try keepDamaged(plan.damaged)
        for (person, documents) in plan.keptAside {
          let kept = try keepAside(documents, of: person)
          notes.append(
            "\(person.name) was removed here; the changes another device made to their data are"
              + " kept in \(kept.path)")
        }
        try journal.record(plan.writes, synced: commit)
        merged = Merged(commit: commit, sent: plan.sent, received: plan.received, notes: notes)
      } catch {
        journal.removeStaged(for: plan.writes.map(\.destination))
        throw error
      }
      try journal.finish()
      removedHere = plan.removedHere
      return merged
    }
    let kept = (try? rules.settle(dataDirectory: dataDirectory)) ?? [:]
    for person in removedHere {
      let place = kept[person.directory].map { "; their files are kept in \($0.path)" } ?? ""
      merged.notes.append("\(person.name) was removed on another device\(place)")
    }
    try repository.update(GitRepository.branch, to: merged.commit)
    return merged
  }

  /// Puts the merged documents in the repository from their staged files (a large one is not
  /// sent to git a second time) and notes, for each file to be replaced, the blob of the
  /// version it was merged from: the one recorded at the start of the sync when the file is
  /// still that one, else the file as it is now.
  private func storeBlobs(of plan: inout TreeMerge.Plan) throws {
    let staged = try repository.store(
      files: plan.writes.map { SyncJournal.stagedPath(for: $0.destination) })
    for (write, blob) in zip(plan.writes, staged) {
      guard let document = write.document else { continue }
      let path = RepositoryLayout.path(of: document)
      // A tree entry that is not the merged contents (the others' people document) stays.
      if case .data = plan.tree[path] { plan.tree[path] = .blob(blob) }
    }
    let recorded = Dictionary(
      (run.local?.files.values).map(Array.init)?.map { ($0.url.path, $0) } ?? [],
      uniquingKeysWith: { first, _ in first })
    var changedSince: [Int] = []
    for index in plan.writes.indices {
      let destination = plan.writes[index].destination
      guard let identity = FileIdentities.identity(of: destination) else { continue }
      if let file = recorded[destination.path], file.identity == identity, let blob = file.blob {
        plan.writes[index].mergedFrom = blob
      } else {
        changedSince.append(index)
      }
    }
    let blobs = try repository.store(
      files: changedSince.map { plan.writes[$0].destination.path })
    for (index, blob) in zip(changedSince, blobs) { plan.writes[index].mergedFrom = blob }
  }

  /// Runs `body` with the people document's contents, holding its lock and then the locks of
  /// every document of the household and its people (and of `extra`), in path order. Waits
  /// while a rename is moving a person's directory (finishing it after 2 s, as a start would).
  func withLocks<Result>(of extra: [URL], _ body: (Data?) throws -> Result) throws -> Result {
    let peopleURL = run.peopleURL
    for attempt in 1...40 {
      let held = try lock(peopleURL)
      let data: Data?
      let people: [SyncPerson]
      do {
        data = try LocalDocuments.readFile(peopleURL)
        people = try rules.people(in: data)
      } catch {
        held.release()
        if error is DamagedVersion {
          throw SyncError.merge(document: rules.peopleDocument, reason: "\(error)")
        }
        throw error
      }
      if people.contains(where: \.moving) {
        held.release()
        if attempt % 20 == 0 { _ = try? rules.settle(dataDirectory: dataDirectory) }
        usleep(100_000)
        continue
      }
      defer { held.release() }
      let others = Set((run.localURLs(of: people) + extra).map(\.path)).subtracting([peopleURL.path]
      )
      .subtracting([run.folder.synced.path]).sorted()
      var locks: [FileLock.Held] = []
      defer { for lock in locks.reversed() { lock.release() } }
      for path in others { locks.append(try lock(URL(fileURLWithPath: path))) }
      return try body(data)
    }
    throw SyncError.busy
  }

  private func lock(_ url: URL) throws -> FileLock.Held {
    do {
      return try FileLock(for: url).acquire()
    } catch let error as FileError {
      throw SyncError.file(error)
    }
  }

  /// The changes that turn the tree `parent` into `tree`.
  static func changes(
    from parent: [String: String], to tree: [String: TreeMerge.Content], known: [String: Data]
  ) -> [GitRepository.Change] {
    var changes: [GitRepository.Change] = []
    for (path, content) in tree.sorted(by: { $0.key < $1.key }) {
      switch content {
      case .blob(let id):
        if parent[path] != id { changes.append(GitRepository.Change(path: path, content: content)) }
      case .data(let contents):
        if let old = parent[path], known[old] == contents { continue }
        changes.append(GitRepository.Change(path: path, content: content))
      }
    }
    for path in parent.keys.sorted() where tree[path] == nil {
      changes.append(GitRepository.Change(path: path, content: nil))
    }
    return changes
  }

  /// Keeps each damaged file beside itself as `NAME.corrupt-DATE` before the merge replaces it.
  private func keepDamaged(_ files: [URL: Data]) throws {
    for (url, contents) in files {
      do {
        try DurableFile.write(contents, to: URL(fileURLWithPath: url.path + ".corrupt-" + stamp()))
      } catch let error as FileError {
        throw SyncError.file(error)
      }
    }
  }

  /// Writes the documents of a person removed here into a new `NAME.removed-DATE` directory
  /// beside the people's, where `profile rm` keeps a removed person's files.
  private func keepAside(_ documents: [String: Data], of person: SyncPerson) throws -> URL {
    var directory = peopleDirectory.appendingPathComponent("\(person.directory).removed-\(stamp())")
    var counter = 1
    while access(directory.path, F_OK) == 0 {
      counter += 1
      directory = peopleDirectory.appendingPathComponent(
        "\(person.directory).removed-\(stamp())-\(counter)")
    }
    do {
      for (name, contents) in documents.sorted(by: { $0.key < $1.key }) {
        try DurableFile.write(contents, to: directory.appendingPathComponent(name))
      }
    } catch let error as FileError {
      throw SyncError.file(error)
    }
    return directory
  }

  private func stamp() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return formatter.string(from: run.engine.options.now())
  }
}

import Foundation

/// How three versions of the household become one: the version both sides started from
/// (`base`, none when a device joins), this device's (its last commit, and its files as they
/// are now) and the other devices' (`theirs`). Each document the other devices changed is
/// merged by the rules, with this device's file as it is now as its side; a document they did
/// not change stays as this device has it. People are matched by their lasting ids, so that a
/// person renamed on one device keeps the data the other changed; a person removed on one
/// device while the other changed their data has those changes kept aside.
///
/// The caller holds the lock of the people document and of every file `localFiles` names.
struct TreeMerge {
  let rules: SyncRules
  let peopleDirectory: URL
  let base: [String: String]?
  /// This device's last commit (its recorded files).
  let ours: [String: String]
  let theirs: [String: String]
  /// Reads blobs by id.
  let blobs: (Set<String>) throws -> [String: Data]
  /// Contents read so far, by blob id.
  private let cache = BlobCache()
  /// Reads a file of this device as it is now; nil when there is none.
  let readLocal: (URL) throws -> Data?

  typealias Content = GitRepository.Content

  struct Plan {
    /// Files of this device to replace (the people document first).
    var writes: [SyncJournal.Entry] = []
    /// The merged tree, by repository path.
    var tree: [String: Content] = [:]
    /// People this device has whom the merge removed (their directories are kept aside).
    var removedHere: [SyncPerson] = []
    /// People removed here whom other devices changed: their documents, to keep aside.
    var keptAside: [(person: SyncPerson, documents: [String: Data])] = []
    var sent = 0
    var received = 0
    /// Damaged versions met, one line each.
    var notes: [String] = []
    /// Files of this device found damaged, to keep beside them before they are replaced.
    var damaged: [URL: Data] = [:]
  }

  /// One document's three versions and where it lives on this device.
  private struct Versions {
    var document: SyncDocument
    /// The document as messages name it: `cart.plist`, `Mia's watched.plist`.
    var title: String
    var path: String
    var local: URL
    var base: String?
    var ours: String?
    var theirs: String?
  }

  func plan(localPeopleData: Data?, localPeople: [SyncPerson]) throws -> Plan {
    var plan = Plan()
    let peoplePath = RepositoryLayout.path(of: .household(rules.peopleDocument))
    let peopleURL = peopleDirectory.deletingLastPathComponent().appendingPathComponent(
      rules.peopleDocument)
    try cache.load(Set(neededBlobs()), with: blobs)

    // The people first: every other document is merged knowing who the household is.
    let peopleVersions = Versions(
      document: .household(rules.peopleDocument), title: rules.peopleDocument, path: peoplePath,
      local: peopleURL,
      base: base?[peoplePath], ours: ours[peoplePath], theirs: theirs[peoplePath])
    let mergedPeopleData =
      try merge(peopleVersions, current: localPeopleData, household: nil, into: &plan)
      ?? localPeopleData
    let basePeople = try people(in: try data(base?[peoplePath]), side: "the common version")
    let theirPeople = try people(
      in: try data(theirs[peoplePath]), side: "the other devices' version")
    let merged = try people(in: mergedPeopleData, side: "the merged version")

    for name in rules.householdDocuments where name != rules.peopleDocument {
      let path = RepositoryLayout.path(of: .household(name))
      let versions = Versions(
        document: .household(name), title: name, path: path,
        local: peopleDirectory.deletingLastPathComponent().appendingPathComponent(name),
        base: base?[path], ours: ours[path], theirs: theirs[path])
      _ = try merge(
        versions, current: try readLocal(versions.local), household: mergedPeopleData, into: &plan)
    }
    for person in merged {
      let mine = Self.match(person, in: localPeople)
      let before = Self.match(person, in: basePeople)
      let other = Self.match(person, in: theirPeople)
      for name in rules.personDocuments {
        func at(_ side: SyncPerson?, _ files: [String: String]?) -> String? {
          side.flatMap { files?[RepositoryLayout.path(of: .person(id: $0.folder, name: name))] }
        }
        let document = SyncDocument.person(id: person.folder, name: name)
        let versions = Versions(
          document: document, title: "\(person.name)'s \(name)",
          path: RepositoryLayout.path(of: document),
          local: peopleDirectory.appendingPathComponent(person.directory)
            .appendingPathComponent(name),
          base: at(before, base), ours: at(mine, ours), theirs: at(other, theirs))
        let current = try mine.map { _ in try readLocal(versions.local) } ?? nil
        _ = try merge(versions, current: current, household: mergedPeopleData, into: &plan)
      }
    }
    let mergedIDs = Set(merged.flatMap(\.ids))
    plan.removedHere = localPeople.filter { Set($0.ids).isDisjoint(with: mergedIDs) }
    for person in theirPeople where Set(person.ids).isDisjoint(with: mergedIDs) {
      guard let before = Self.match(person, in: basePeople) else { continue }
      var changed: [String: Data] = [:]
      for name in rules.personDocuments {
        let now = theirs[RepositoryLayout.path(of: .person(id: person.folder, name: name))]
        let then = base?[RepositoryLayout.path(of: .person(id: before.folder, name: name))]
        if let now, now != then, let contents = try data(now) { changed[name] = contents }
      }
      if !changed.isEmpty { plan.keptAside.append((person, changed)) }
    }
    plan.tree[RepositoryLayout.marker] =
      (ours[RepositoryLayout.marker] ?? theirs[RepositoryLayout.marker]).map(Content.blob)
    keepUndeclared(in: &plan)
    return plan
  }

  /// Merges one document into `plan` (its tree entry, the write of this device's file, the
  /// counts) and returns the merged contents; nil when the document is absent everywhere.
  /// `current` is this device's file now.
  private func merge(
    _ versions: Versions, current: Data?, household: Data?, into plan: inout Plan
  ) throws -> Data? {
    // An absent version is an unchanged one: a document is never removed by a missing file.
    // One that is new since the last sync started empty (there is no base only at a join).
    let baseData =
      try data(versions.base)
      ?? (base == nil ? nil : try rules.emptyVersion(of: versions.document))
    let theirBlob = versions.theirs ?? versions.base
    guard theirBlob != versions.base else {
      // The others did not change it: this device's version stands (counted when it changed).
      if let ours = versions.ours {
        plan.tree[versions.path] = .blob(ours)
        if ours != versions.base, let mine = try data(ours) {
          let sent = try? rules.changes(
            versions.document, from: baseData, to: mine, household: household)
          plan.sent += sent ?? 0
        }
      }
      return try current ?? data(versions.ours)
    }
    var baseVersion = baseData
    var mine = try current ?? data(versions.ours) ?? baseData
    var other = try data(theirBlob)
    var attempt = 0
    while true {
      attempt += 1
      do {
        let result = try rules.merge(
          versions.document, base: baseVersion, ours: mine, theirs: other, household: household)
        plan.sent += result.sent
        plan.received += result.received
        // A people document that brings nothing of ours is kept as the others wrote it: it
        // differs from ours only in what is this device's own (its numbering of the people).
        let keepsTheirs =
          versions.document == .household(rules.peopleDocument) && result.sent == 0
        plan.tree[versions.path] =
          keepsTheirs ? theirBlob.map(Content.blob) : .data(result.document)
        if result.document != current {
          plan.writes.append(
            SyncJournal.Entry(
              document: versions.document, destination: versions.local,
              contents: result.document, mergedFrom: nil))
        }
        return result.document
      } catch let damaged as DamagedVersion where attempt < 4 {
        switch damaged.side {
        case .base:
          baseVersion = nil
        case .ours:
          if let current { plan.damaged[versions.local] = current }
          plan.notes.append(
            "\(versions.title) on this device was damaged (\(damaged.reason)); the household's"
              + " copy replaces it, and the damaged one is kept beside it")
          mine = baseVersion ?? other
        case .theirs:
          plan.notes.append(
            "the copy of \(versions.title) from another device is damaged (\(damaged.reason));"
              + " this device's was kept and sent")
          other = baseVersion ?? mine
        }
      } catch let damaged as DamagedVersion {
        throw SyncError.merge(document: versions.title, reason: damaged.reason)
      }
    }
  }

  /// Blobs every merge may need: each side's version of every document the others changed.
  private func data(_ blob: String?) throws -> Data? {
    guard let blob else { return nil }
    if let known = cache.contents[blob] { return known }
    try cache.load([blob], with: blobs)
    return cache.contents[blob]
  }

  /// The contents of the blobs read so far.
  var knownContents: [String: Data] { cache.contents }

  private func neededBlobs() -> [String] {
    var needed: [String] = []
    for (path, blob) in theirs where base?[path] != blob {
      needed.append(blob)
      if let old = base?[path] { needed.append(old) }
      if let mine = ours[path] { needed.append(mine) }
    }
    for (path, blob) in ours where base?[path] != blob {
      needed.append(blob)
      if let old = base?[path] { needed.append(old) }
    }
    // The people documents always: the merge matches people by them.
    let peoplePath = RepositoryLayout.path(of: .household(rules.peopleDocument))
    for files in [base ?? [:], theirs, ours] {
      if let blob = files[peoplePath] { needed.append(blob) }
    }
    return needed
  }

  /// Files of the repository that this shelf does not declare (a newer shelf's) are kept: the
  /// others' version when they changed it, else this device's.
  private func keepUndeclared(in plan: inout Plan) {
    for path in Set(ours.keys).union(theirs.keys) where plan.tree[path] == nil {
      if let document = RepositoryLayout.document(at: path), isDeclared(document) { continue }
      if path == RepositoryLayout.marker { continue }
      let blob = theirs[path] != base?[path] ? theirs[path] : ours[path]
      plan.tree[path] = blob.map(Content.blob)
    }
  }

  private func isDeclared(_ document: SyncDocument) -> Bool {
    switch document {
    case .household(let name): rules.householdDocuments.contains(name)
    case .person(_, let name): rules.personDocuments.contains(name)
    }
  }

  private func people(in data: Data?, side: String) throws -> [SyncPerson] {
    do {
      return try rules.people(in: data)
    } catch let damaged as DamagedVersion {
      throw SyncError.merge(
        document: "\(side) of \(rules.peopleDocument)", reason: damaged.reason)
    }
  }

  /// The person of `people` who is `person` (one of their ids is one of theirs).
  static func match(_ person: SyncPerson, in people: [SyncPerson]) -> SyncPerson? {
    let ids = Set(person.ids)
    return people.first { !ids.isDisjoint(with: $0.ids) }
  }

}

/// Blobs read from the repository, kept for the rest of a merge.
final class BlobCache {
  private(set) var contents: [String: Data] = [:]

  func load(_ ids: Set<String>, with read: (Set<String>) throws -> [String: Data]) throws {
    let missing = ids.subtracting(contents.keys)
    guard !missing.isEmpty else { return }
    contents.merge(try read(missing)) { first, _ in first }
  }
}

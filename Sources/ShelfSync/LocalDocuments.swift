import Foundation
import ShelfFiles
import ShelfStorage

/// This device's documents that travel, as they are now: for each, its file and the blob id
/// of its contents, stored in the repository (nil when there is no file). Files are read
/// without a lock (every writer replaces a file whole), and a file whose identity (device,
/// inode, size, times) is the one recorded at the last look is not read again.
struct LocalDocuments {
  struct File: Equatable {
    let document: SyncDocument
    let url: URL
    /// The blob of its contents, in the repository; nil when there is no file.
    var blob: String?
    /// Its identity when it was read (`FileIdentities.identity`).
    var identity: String?
  }

  /// The people as this device's people document lists them.
  let people: [SyncPerson]
  /// The documents by repository path.
  let files: [String: File]

  /// Reads the documents of `dataDirectory` the rules name.
  static func read(
    dataDirectory: URL, rules: SyncRules, folder: SyncFolder, repository: GitRepository
  ) throws -> LocalDocuments {
    let peopleURL = dataDirectory.appendingPathComponent(rules.peopleDocument)
    let peopleData = try readFile(peopleURL)
    let people: [SyncPerson]
    do {
      people = try rules.people(in: peopleData)
    } catch let damaged as DamagedVersion {
      throw SyncError.merge(document: rules.peopleDocument, reason: damaged.reason)
    }
    var files: [String: File] = [:]
    for name in rules.householdDocuments {
      let document = SyncDocument.household(name)
      files[RepositoryLayout.path(of: document)] = File(
        document: document, url: dataDirectory.appendingPathComponent(name))
    }
    for person in people {
      let directory = dataDirectory.appendingPathComponent(rules.peopleDirectory)
        .appendingPathComponent(person.directory)
      for name in rules.personDocuments {
        let document = SyncDocument.person(id: person.folder, name: name)
        files[RepositoryLayout.path(of: document)] = File(
          document: document, url: directory.appendingPathComponent(name))
      }
    }
    var known = FileIdentities.read(from: folder.identities)
    var unknown: [(path: String, identity: String)] = []
    for (path, file) in files {
      guard let identity = FileIdentities.identity(of: file.url) else { continue }
      files[path]?.identity = identity
      if let blob = known.blob(of: path, identity: identity) {
        files[path]?.blob = blob
      } else {
        unknown.append((path, identity))
      }
    }
    unknown.sort { $0.path < $1.path }
    let blobs = try repository.store(files: unknown.compactMap { files[$0.path]?.url.path })
    for (entry, blob) in zip(unknown, blobs) {
      files[entry.path]?.blob = blob
      known.set(entry.path, identity: entry.identity, blob: blob)
    }
    known.keep(only: Set(files.keys))
    if !unknown.isEmpty { try? known.write(to: folder.identities) }
    return LocalDocuments(people: people, files: files)
  }

  /// A document's bytes; nil when there is no file.
  static func readFile(_ url: URL) throws -> Data? {
    do {
      return try SmallFile.readIfPresent(url.path, limit: 1 << 30)
    } catch let error as FileError {
      throw SyncError.file(error)
    }
  }
}

/// What `LocalDocuments` recorded of each file at its last look: identity and blob id, one
/// line a file (`path TAB identity TAB blob`), in `.sync/files`.
struct FileIdentities {
  private var entries: [String: (identity: String, blob: String)] = [:]

  static func read(from url: URL) -> FileIdentities {
    var result = FileIdentities()
    guard let data = try? SmallFile.read(url.path, limit: 16 << 20) else { return result }
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: "\t").map(String.init)
      if fields.count == 3 { result.entries[fields[0]] = (fields[1], fields[2]) }
    }
    return result
  }

  func blob(of path: String, identity: String) -> String? {
    guard let entry = entries[path], entry.identity == identity else { return nil }
    return entry.blob
  }

  mutating func set(_ path: String, identity: String, blob: String) {
    entries[path] = (identity, blob)
  }

  mutating func keep(only paths: Set<String>) {
    entries = entries.filter { paths.contains($0.key) }
  }

  func write(to url: URL) throws {
    let text = entries.keys.sorted().map { path in
      "\(path)\t\(entries[path]?.identity ?? "")\t\(entries[path]?.blob ?? "")\n"
    }.joined()
    try DurableFile.write(Data(text.utf8), to: url)
  }

  /// The file's identity (`SourceIdentity`: device, inode, size, modification and change
  /// times) as text, of the file `url` names (its target, for a symbolic link); nil when
  /// there is none.
  static func identity(of url: URL) -> String? {
    SourceIdentity(path: url.path).map { identity in
      identity.bytes.map { String($0, radix: 16) }.joined(separator: ".")
    }
  }
}

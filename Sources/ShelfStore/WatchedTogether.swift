import Foundation

/// The watched marks of several people changed as one (`watched --with`): each person's
/// `watched.plist` is read and changed under its lock, then all of them are replaced in one
/// `DurableFileGroup` write, so that a kill or a full disk leaves every person's marks changed
/// or none. The household's lock is held throughout, as an import holds it, so that two such
/// changes never wait on each other's files.
public struct WatchedTogether {
  public let data: UserData
  /// Whose marks change; the first is the active person.
  public let people: [PersonData]

  public init(data: UserData, people: [PersonData]) {
    self.data = data
    self.people = people
  }

  /// Calls `change` with each person's marks in turn (their position in `people`, their
  /// document), then writes those that changed; what each call returned. When `change` throws,
  /// nothing is written.
  public func update<Result>(_ change: (Int, inout WatchedDocument) throws -> Result) throws
    -> [Result]
  {
    if people.count == 1 {
      return [try people[0].watched.file.update { try change(0, &$0) }]
    }
    let files = people.map(\.watched.file)
    return try data.household.file.withLock {
      try withLocks(files.map { $0 as any LockedFile }[...]) {
        var staging = FileGroupStaging()
        var results: [Result] = []
        for (index, file) in files.enumerated() {
          let before = try file.loadLocked()
          var document = before.document
          results.append(try change(index, &document))
          try staging.stage(file, before, document)
        }
        try staging.write(journal: data.importJournal)
        return results
      }
    }
  }
}

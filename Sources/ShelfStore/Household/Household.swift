import Foundation
import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The people of the household (`profiles.plist`) and their directories (`profiles/NAME/`).
/// Every change is made under the file's lock and written before it returns; a change that
/// moves a directory first records the move, so that a shell killed half-way leaves a state
/// the next start finishes (`prepare`), and nothing is ever deleted: a removed profile's
/// directory is kept aside as `profiles/NAME.removed-DATE`.
public final class Household {
  public let dataDirectory: URL
  public let file: PropertyListFile<HouseholdDocument>
  private let now: () -> Date

  public init(dataDirectory: URL, now: @escaping () -> Date = Date.init) {
    self.dataDirectory = dataDirectory
    self.now = now
    file = PropertyListFile(
      url: dataDirectory.appendingPathComponent("profiles.plist", isDirectory: false), now: now)
  }

  public var profilesDirectory: URL {
    dataDirectory.appendingPathComponent("profiles", isDirectory: true)
  }

  /// The directory of the profile whose key (lower-case name) is `key`.
  public func directory(forKey key: String) -> URL {
    profilesDirectory.appendingPathComponent(key, isDirectory: true)
  }

  public func read() throws -> HouseholdDocument {
    try file.read()
  }

  /// The profile named `name` (any case).
  public func profile(named name: String) throws -> ProfileRecord {
    let household = try read()
    guard let record = household.profile(named: name) else {
      throw ProfileError.unknown(name, known: household.profiles.map(\.name))
    }
    return record
  }

  // MARK: - Changes

  /// Adds a person; `born` nil for an adult, and not after the month of `today`.
  @discardableResult
  public func add(_ name: ProfileName, born: BirthMonth?, today: Date = Date()) throws
    -> ProfileRecord
  {
    if let born, born.isAfter(today) { throw ProfileError.bornInTheFuture(born.description) }
    return try file.update { household in
      if let existing = household.profile(named: name.text) {
        throw ProfileError.taken(existing.name)
      }
      let record = ProfileRecord(id: household.nextID, name: name.text, born: born?.description)
      household.nextID += 1
      household.profiles.append(record)
      return record
    }
  }

  /// Renames a person; their directory follows. Returns the record before and after.
  @discardableResult
  public func rename(_ old: String, to new: ProfileName) throws -> (
    before: ProfileRecord, after: ProfileRecord
  ) {
    let (before, after) = try file.update { household in
      guard let index = household.profiles.firstIndex(where: { $0.key == ProfileName.key(old) })
      else { throw ProfileError.unknown(old, known: household.profiles.map(\.name)) }
      let before = household.profiles[index]
      if let other = household.profile(named: new.text), other.id != before.id {
        throw ProfileError.taken(other.name)
      }
      household.profiles[index].name = new.text
      if before.key != new.key { household.profiles[index].movingFrom = before.key }
      return (before, household.profiles[index])
    }
    if after.movingFrom != nil { try finishMove(of: after) }
    return (before, after)
  }

  /// Removes a person (not `activeID`, nor the last one); their directory is kept aside.
  /// Returns the record and where the files are now (nil when they had none).
  @discardableResult
  public func remove(_ name: String, activeID: Int) throws -> (
    record: ProfileRecord, keptAt: URL?
  ) {
    let record = try file.update { household in
      guard let record = household.profile(named: name) else {
        throw ProfileError.unknown(name, known: household.profiles.map(\.name))
      }
      guard record.id != activeID else { throw ProfileError.removingTheActiveOne(record.name) }
      guard household.profiles.count > 1 else { throw ProfileError.removingTheLastOne(record.name) }
      household.profiles.removeAll { $0.id == record.id }
      if household.lastUsed == record.id { household.lastUsed = nil }
      return record
    }
    return (record, try setAside(key: record.key))
  }

  /// Remembers `id` as the profile to start with next time.
  public func remember(_ id: Int) throws {
    try file.update { $0.lastUsed = id }
  }

  /// Sets a person's birth month; used by import (nil leaves it).
  func setBorn(_ born: String, of id: Int) throws {
    try file.update { household in
      guard let index = household.profiles.firstIndex(where: { $0.id == id }) else { return }
      household.profiles[index].born = born
    }
  }

  // MARK: - Start

  /// Call when opening the data directory. The first start makes the household: one profile,
  /// `first`, which takes the files `oldFiles` names (favourites, watched marks, the position
  /// of a data directory from before profiles), moved one by one into its directory. Then
  /// it finishes whatever a killed shell left: a move of old files, a rename, a directory of
  /// a removed profile. `afterStep` is told each step as it is on disk (for tests).
  public func prepare(
    first: ProfileName, oldFiles: [(from: URL, name: String)],
    afterStep: (String) -> Void = { _ in }
  ) throws -> [String] {
    var notes: [String] = []
    if try read().profiles.isEmpty {
      let created = try file.update { household -> Bool in
        guard household.profiles.isEmpty else { return false }
        let record = ProfileRecord(id: household.nextID, name: first.text)
        household.nextID += 1
        household.profiles = [record]
        household.takingOldFiles = record.id
        return true
      }
      if created { afterStep("profiles.plist written") }
    }
    let household = try read()
    if let id = household.takingOldFiles, let record = household.profile(id: id) {
      let directory = directory(forKey: record.key)
      for old in oldFiles {
        if let note = try moveOldFile(old.from, to: directory.appendingPathComponent(old.name)) {
          notes.append(note)
        }
        afterStep("\(old.name) moved")
      }
      try file.update { $0.takingOldFiles = nil }
      afterStep("move recorded as done")
    }
    if household.lacksLastingIDs || household.namingClaimers {
      do {
        notes += try giveLastingIDs()
        afterStep("claimers named")
      } catch let error as StoreError {
        // A data directory that cannot be written (mounted read-only) is still read: claims
        // saved by number are read by number.
        notes.append("could not give the people lasting ids (\(error)); trying again next time")
      }
    }
    try finishMoves()
    notes += try setAsideUnlisted()
    return notes
  }

  /// Moves the directories of people whose rename is recorded but not done (`movingFrom`): a
  /// shell killed during `profile rename`, or a merged `profiles.plist` that renamed someone.
  public func finishMoves() throws {
    for record in try read().profiles where record.movingFrom != nil {
      try finishMove(of: record)
    }
  }

  /// Gives every person of a household from before lasting ids one, then turns the claims
  /// their wish lists saved by number into claims by lasting id; a claim by someone who is no
  /// longer in the household is released (one note says how many). Recorded
  /// (`namingClaimers`) until every list is done, so a killed start finishes it next time.
  private func giveLastingIDs() throws -> [String] {
    let household = try file.update { household -> HouseholdDocument in
      for index in household.profiles.indices where household.profiles[index].uid == nil {
        household.profiles[index].uid = UUID().uuidString
      }
      household.namingClaimers = true
      return household
    }
    let byNumber = Dictionary(
      household.profiles.map { ($0.id, $0.personID) }, uniquingKeysWith: { first, _ in first })
    var released = 0
    for record in household.profiles {
      let directory = directory(forKey: record.movingFrom ?? record.key)
      let list = PersonData(directory: directory).wishList
      var status = stat()
      guard lstat(list.url.path, &status) == 0 else { continue }
      released += try list.update { list in
        var released = 0
        for index in list.wishes.indices {
          guard let number = list.wishes[index].claimedByNumber else { continue }
          list.wishes[index].claimedBy = byNumber[number]
          list.wishes[index].claimedByNumber = nil
          if byNumber[number] == nil { released += 1 }
        }
        return released
      }
    }
    try file.update { $0.namingClaimers = false }
    guard released > 0 else { return [] }
    return [
      "released \(released == 1 ? "1 claim" : "\(released) claims") made by removed profiles"
    ]
  }

  /// Moves a file from before profiles to its place in the first profile's directory, unless
  /// it was moved already. When both are there (an older shelf ran meanwhile) the old one is
  /// kept beside itself as `NAME.not-moved-DATE`, never lost, and a note says so.
  private func moveOldFile(_ old: URL, to new: URL) throws -> String? {
    var status = stat()
    guard lstat(old.path, &status) == 0 else { return nil }
    do {
      if lstat(new.path, &status) != 0 {
        try OldFileMove.move(old, to: new)
        return nil
      }
      if OldFileMove.wasMoved(old, to: new) {
        try OldFileMove.move(old, to: new)
        return nil
      }
      let kept = URL(fileURLWithPath: old.path + ".not-moved-" + stamp())
      try DurableFile.move(old, to: kept)
      return "\(new.path) was there already; kept \(old.path) as \(kept.path)"
    } catch let error as FileError {
      throw StoreError(error)
    }
  }

  /// Moves a renamed profile's directory from its old name to its new one, then clears the
  /// record of the move.
  private func finishMove(of record: ProfileRecord) throws {
    guard let from = record.movingFrom else { return }
    let source = directory(forKey: from)
    let destination = directory(forKey: record.key)
    var status = stat()
    if lstat(source.path, &status) == 0 {
      if lstat(destination.path, &status) == 0 { _ = try setAside(key: record.key) }
      do {
        try DurableFile.move(source, to: destination)
      } catch let error as FileError {
        throw StoreError(error)
      }
    }
    try file.update { household in
      guard let index = household.profiles.firstIndex(where: { $0.id == record.id }) else {
        return
      }
      household.profiles[index].movingFrom = nil
    }
  }

  /// Keeps a profile directory aside as `NAME.removed-DATE`; nil when there is none.
  private func setAside(key: String) throws -> URL? {
    let source = directory(forKey: key)
    var status = stat()
    guard lstat(source.path, &status) == 0 else { return nil }
    var destination = profilesDirectory.appendingPathComponent("\(key).removed-\(stamp())")
    var counter = 1
    while lstat(destination.path, &status) == 0 {
      counter += 1
      destination = profilesDirectory.appendingPathComponent("\(key).removed-\(stamp())-\(counter)")
    }
    do {
      try DurableFile.move(source, to: destination)
    } catch let error as FileError {
      throw StoreError(error)
    }
    return destination
  }

  /// Directories of profiles the household no longer lists (a `profile rm` killed after it
  /// was recorded) are kept aside, so that a new profile of that name starts empty.
  private func setAsideUnlisted() throws -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: profilesDirectory.path)
    else { return [] }
    let household = try read()
    let listed = Set(household.profiles.flatMap { [$0.key] + ($0.movingFrom.map { [$0] } ?? []) })
    var notes: [String] = []
    for name in names where ProfileName(name)?.key == name && !listed.contains(name) {
      if let kept = try setAside(key: name) {
        notes.append(
          "\(directory(forKey: name).path) belongs to no profile; kept it as \(kept.path)")
      }
    }
    return notes
  }

  /// `20231114-221320`, the time now, for the names of kept directories.
  private func stamp() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return formatter.string(from: now())
  }
}

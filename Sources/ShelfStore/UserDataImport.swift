import Foundation
import ShelfDomain
import ShelfFiles

extension UserDataTransfer {
  /// Merges a checked export into the files, all or nothing, by the declared merge rules with
  /// no common version: what the export has is added or updated, nothing is removed. A person
  /// is matched by their lasting id, else by their name (any case), and keeps their name
  /// here; one the household lacks is added. Every file it changes is replaced in one
  /// `DurableFileGroup` write, under the locks of the household and of every file it changes,
  /// so that a failure or a kill leaves either the old state or the new one. `name` gives an
  /// item's name in the catalog or the show store, nil when neither has it: such items are
  /// left out and listed in the summary (a show the export has as a favourite counts as
  /// known). The datums at the top of the document (version 1) are the active profile's.
  @discardableResult
  public func importing(_ export: UserDataExport, name: (ItemID) throws -> String?) throws
    -> ImportSummary
  {
    try data.household.file.withLock {
      let household = try data.household.file.loadLocked().document
      let people = Self.people(of: export, in: household)
      var targets = people.targets
      if !export.top.isEmpty {
        if let index = targets.firstIndex(where: { $0.record.key == data.active.key }) {
          targets[index].values.merge(export.top) { listed, top in listed.merging(top) }
        } else {
          targets.append((data.active, export.top))
        }
      }
      // The household's other files (its own lock is held).
      var files: [any LockedFile] = UserDataDeclaration.files(of: .household)
        .filter { $0.name != UserDataDeclaration.people.file }
        .map { $0.codec.lockedFile(data, person: nil) }
      for target in targets {
        files += UserDataDeclaration.files(of: .person).map {
          $0.codec.lockedFile(data, person: target.record)
        }
      }
      return try withLocks(files[...]) {
        try importLocked(export, people: people.entries, targets: targets, name: name)
      }
    }
  }

  /// The export's people as this household's (`entries`: by lasting id here, with the name
  /// here), and each with the values to merge into their files.
  private static func people(of export: UserDataExport, in household: HouseholdDocument) -> (
    entries: [PersonEntry], targets: [(record: ProfileRecord, values: [String: any MergeableValue])]
  ) {
    var entries: [PersonEntry] = []
    var targets: [(record: ProfileRecord, values: [String: any MergeableValue])] = []
    for profile in export.profiles ?? [] {
      var entry = profile.entry
      let record: ProfileRecord
      if let local = (entry.person.isEmpty ? nil : household.profile(person: entry.person))
        ?? household.profile(named: entry.name)
      {
        // The exported lasting id becomes theirs here too (the one here stays an alias), so
        // that the two data directories know them as one person.
        if entry.person.isEmpty || local.isCalled(entry.person) {
          entry.person = local.personID
          entry.aliases = local.aliases ?? []
        } else {
          entry.aliases = [local.personID] + (local.aliases ?? [])
        }
        // Their name here stays (an import never renames).
        if entry.name != local.name {
          entry.name = local.name
          entry.nameChanged = local.nameChanged
        }
        record = local
      } else {
        if entry.person.isEmpty || household.profile(person: entry.person) != nil {
          entry.person = UUID().uuidString
        }
        entry.name = ProfileName(entry.name)?.text ?? entry.name
        record = ProfileRecord(id: 0, name: entry.name, uid: entry.person)
      }
      entries.append(entry)
      targets.append((record, profile.values))
    }
    return (entries, targets)
  }

  private func importLocked(
    _ export: UserDataExport, people entries: [PersonEntry],
    targets: [(record: ProfileRecord, values: [String: any MergeableValue])],
    name: (ItemID) throws -> String?
  ) throws -> ImportSummary {
    // A person the export names (by name, or by lasting id) is the one it was matched with.
    let household = try data.household.file.loadLocked().document
    var personIDs: [String: String] = [:]
    for (profile, entry) in zip(export.profiles ?? [], entries) {
      personIDs[profile.entry.person] = entry.person
      personIDs["name:" + ProfileName.key(profile.name)] = entry.person
    }
    let person: (String) -> String? = { named in
      personIDs["name:" + ProfileName.key(named)] ?? personIDs[named]
        ?? household.profile(named: named)?.personID ?? household.profile(person: named)?.personID
    }
    // Shows the export has as favourites are known, with their saved data.
    var names: [ItemID: String?] = [:]
    for value in [export.top] + (export.profiles ?? []).map(\.values) {
      for case let favorites as FavoriteSet in value.values {
        for favorite in favorites.members where favorite.item.kind == .show {
          names[favorite.item] = favorite.show?.name ?? ""
        }
      }
    }
    var unknown: [ItemID] = []
    func known(_ item: ItemID) throws -> String? {
      if let found = names[item] { return found }
      let found = try name(item)
      names[item] = found
      if found == nil { unknown.append(item) }
      return found
    }
    var staging = FileGroupStaging()
    var counts: [String: Int] = [:]
    func add(_ more: [String: Int]) { counts.merge(more, uniquingKeysWith: +) }
    var householdValues = export.household
    householdValues[UserDataDeclaration.people.exportKey] = MergeableSet(members: entries)
    try withImportView(person: person, known: known) { view in
      for file in UserDataDeclaration.files(of: .household) {
        add(
          try file.codec.importValues(
            householdValues, into: data, person: nil, view: view, staging: &staging))
      }
      for target in targets {
        for file in UserDataDeclaration.files(of: .person) {
          add(
            try file.codec.importValues(
              target.values, into: data, person: target.record, view: view, staging: &staging))
        }
      }
    }
    try staging.write(journal: data.importJournal)
    return ImportSummary(counts: counts.filter { $0.value > 0 }, notImported: unknown.sorted())
  }
}

extension UserDataTransfer {
  /// Whether `bytes` are a property list (a data file rather than an export).
  public static func isPropertyList(_ bytes: Data) -> Bool {
    bytes.starts(with: Array("bplist".utf8)) || bytes.starts(with: Array("<?xml".utf8))
      || bytes.starts(with: Array("<plist".utf8))
  }

  /// Merges a copy of one of the user's files (a `favorites.plist` left at the top of the data
  /// directory, one from a backup), named by its file name, into the active profile's file
  /// of that name (or the household's), with no base: it adds and updates, never removes.
  /// Nil when no file of the user's has that name.
  public func importDataFile(named name: String, _ bytes: Data, path: String) throws
    -> ImportSummary?
  {
    guard let file = UserDataDeclaration.files.first(where: { $0.name == name }) else {
      return nil
    }
    let counts = try file.codec.mergeIntoFile(
      base: nil, theirs: bytes, path: path, into: data,
      person: file.owner == .person ? data.active : nil)
    return ImportSummary(counts: counts.mapValues(\.theirs).filter { $0.value > 0 })
  }
}

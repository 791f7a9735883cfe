import Foundation

/// A person of the household, by their lasting id: their name and a child's birth month
/// (`YYYY-MM`), each with when it last changed. The set of them is who the household is; each
/// of the two values merges by its later change.
public struct PersonEntry: SetMember {
  public var person: String
  /// Lasting ids the same person had before (in another data directory, on another device).
  public var aliases: [String] = []
  public var name: String
  public var nameChanged: Date?
  public var born: String?
  public var bornChanged: Date?

  public init(
    person: String, name: String, nameChanged: Date? = nil, born: String? = nil,
    bornChanged: Date? = nil
  ) {
    self.person = person
    self.name = name
    self.nameChanged = nameChanged
    self.born = born
    self.bornChanged = bornChanged
  }

  public var key: String { person }
  public static var rule: MergeRule { .latest }

  public var problem: String? {
    if ProfileName(name) == nil { return "\"\(name)\" is not a profile name" }
    if let born, BirthMonth(parsing: born) == nil { return "born \"\(born)\" is not YYYY-MM" }
    return nil
  }

  /// The name and the birth month each take their later change.
  public static func merged(
    base: PersonEntry?, ours: PersonEntry, theirs: PersonEntry, withBase: Bool
  ) -> PersonEntry {
    var entry = ours
    entry.aliases += theirs.aliases.filter { !ours.aliases.contains($0) && $0 != ours.person }
    let name = Latest.merged(
      base: base.map { Latest(value: $0.name, changedAt: $0.nameChanged) },
      ours: Latest(value: ours.name, changedAt: ours.nameChanged),
      theirs: Latest(value: theirs.name, changedAt: theirs.nameChanged), withBase: withBase)
    entry.name = name.value
    entry.nameChanged = name.changedAt
    if ours.born == nil, ours.bornChanged == nil {
      entry.born = theirs.born
      entry.bornChanged = theirs.bornChanged
      return entry
    }
    if theirs.born == nil, theirs.bornChanged == nil { return entry }
    let born = Latest.merged(
      base: base.map { Latest(value: $0.born, changedAt: $0.bornChanged) },
      ours: Latest(value: ours.born, changedAt: ours.bornChanged),
      theirs: Latest(value: theirs.born, changedAt: theirs.bornChanged), withBase: withBase)
    entry.born = born.value
    entry.bornChanged = born.changedAt
    return entry
  }

  /// A name or birth month that changed is a change; the time it was recorded at is not.
  public func changes(from other: PersonEntry?) -> Int {
    other.map { $0.person == person && $0.name == name && $0.born == born } == true ? 0 : 1
  }

  /// Earlier ids are this data directory's own business: an export leaves them out.
  public func exported() -> PersonEntry {
    var entry = self
    entry.aliases = []
    return entry
  }

  public static var recordsChanges: Bool { true }

  public func stamped(since before: PersonEntry?, at now: Date) -> PersonEntry {
    var entry = self
    entry.nameChanged = before?.name == name ? before?.nameChanged : now
    if born == nil && before?.born == nil {
      entry.bornChanged = before?.bornChanged
    } else {
      entry.bornChanged = before.map { $0.born == born } == true ? before?.bornChanged : now
    }
    return entry
  }

  private enum CodingKeys: String, CodingKey {
    case uid, aliases, name, nameChanged, born, bornChanged
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    person = try container.decodeIfPresent(String.self, forKey: .uid) ?? ""
    aliases = try container.decodeIfPresent([String].self, forKey: .aliases) ?? []
    name = try container.decode(String.self, forKey: .name)
    nameChanged = container.decodeTime(forKey: .nameChanged)
    born = try container.decodeIfPresent(String.self, forKey: .born)
    bornChanged = container.decodeTime(forKey: .bornChanged)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(person, forKey: .uid)
    if !aliases.isEmpty { try container.encode(aliases, forKey: .aliases) }
    try container.encode(name, forKey: .name)
    try container.encodeTime(nameChanged, forKey: .nameChanged)
    try container.encodeIfPresent(born, forKey: .born)
    try container.encodeTime(bornChanged, forKey: .bornChanged)
  }
}

/// One single value with the time it changed, for a member that holds several.
struct Latest<Value: Codable & Equatable & Sendable>: LatestMember {
  var value: Value
  var changedAt: Date?
  var key: Int { 0 }
}

/// The household's setting: the person a start picks (`profile use`), and when it was chosen.
/// `profile` is their lasting id in the data directory and their name in an export.
public struct StartingProfile: LatestMember {
  public var profile: String
  @ExportTime public var changedAt: Date?

  public init(profile: String, changedAt: Date? = nil) {
    self.profile = profile
    self.changedAt = changedAt
  }

  public var key: String { "profile" }

  public func mappingPeople(_ map: (String) -> String?) -> StartingProfile? {
    map(profile).map { StartingProfile(profile: $0, changedAt: changedAt) }
  }
}

extension HouseholdDocument {
  /// The people, by lasting id. Setting it keeps each person's number here, numbers the new
  /// ones, records a rename's move of the directory (`movingFrom`, finished by
  /// `Household.finishMoves`), and takes a newcomer whose name is already someone's as that
  /// person (their id kept as an alias): two devices that each added "Mia" have one Mia.
  var personSet: MergeableSet<PersonEntry> {
    get {
      MergeableSet(
        members: profiles.map { record in
          var entry = PersonEntry(
            person: record.personID, name: record.name, nameChanged: record.nameChanged,
            born: record.born, bornChanged: record.bornChanged)
          entry.aliases = record.aliases ?? []
          return entry
        })
    }
    set {
      var records: [ProfileRecord] = []
      for member in newValue.members {
        let ids = [member.person] + member.aliases
        let existing =
          records.firstIndex { record in ids.contains(where: record.isCalled) }.map { records[$0] }
          ?? profiles.first { record in ids.contains(where: record.isCalled) }
        var record: ProfileRecord
        if let existing {
          record = existing
          if record.key != ProfileName.key(member.name), record.movingFrom == nil {
            record.movingFrom = record.key
          }
        } else if let index = records.firstIndex(where: { $0.key == ProfileName.key(member.name) })
        {
          records[index].aliases = (records[index].aliases ?? []) + [member.person]
          continue
        } else {
          record = ProfileRecord(id: nextID, name: member.name, uid: member.person)
          nextID += 1
        }
        // The lasting id is the member's; the ids the record had before stay as aliases.
        let known = [record.personID] + (record.aliases ?? []) + member.aliases
        record.uid = member.person
        let aliases = known.reduce(into: [String]()) { kept, id in
          if id != member.person, !kept.contains(id) { kept.append(id) }
        }
        record.aliases = aliases.isEmpty ? nil : aliases
        record.name = member.name
        record.nameChanged = member.nameChanged
        record.born = member.born
        record.bornChanged = member.bornChanged
        if let index = records.firstIndex(where: { $0.id == record.id }) {
          records[index] = record
        } else {
          records.append(record)
        }
      }
      profiles = records
      if let lastUsed, profile(id: lastUsed) == nil { self.lastUsed = nil }
    }
  }

  /// The person a start picks.
  var startingProfile: OneValue<StartingProfile> {
    get {
      OneValue(
        lastUsed.flatMap(profile(id:)).map {
          StartingProfile(profile: $0.personID, changedAt: lastUsedChanged)
        })
    }
    set {
      let record = newValue.value.flatMap { profile(person: $0.profile) }
      lastUsed = record?.id
      lastUsedChanged = record == nil ? nil : newValue.value?.changedAt
    }
  }
}

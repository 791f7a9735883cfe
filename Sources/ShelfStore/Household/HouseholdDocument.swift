import Foundation

/// One person of the household as `profiles.plist` keeps them: a number that never changes in
/// this data directory (so a shell follows a rename made in another one), a lasting id that
/// is theirs on every device (claims and cart lines name them by it; `aliases` are ids the
/// same person had elsewhere before two households became one), the name and the birth month
/// of a child (nil for an adult), each with when it last changed.
public struct ProfileRecord: Codable, Equatable, Sendable {
  public var id: Int
  /// The lasting id (a UUID); nil only in a file from before ids, until the next start gives
  /// one (`Household.prepare`).
  public var uid: String?
  public var aliases: [String]?
  public var name: String
  public var nameChanged: Date?
  /// `YYYY-MM`; nil for an adult.
  public var born: String?
  public var bornChanged: Date?
  /// The directory the profile's files are being moved from (a rename under way: finished at
  /// the next start if a shell was killed in the middle).
  public var movingFrom: String?

  public init(id: Int, name: String, born: String? = nil, uid: String? = UUID().uuidString) {
    self.id = id
    self.name = name
    self.born = born
    self.uid = uid
  }

  /// The id claims and cart lines name this person by: the lasting id, or (in a file from
  /// before lasting ids, which cannot be written) one made of their number.
  public var personID: String { uid ?? "#\(id)" }

  /// Whether `person` (a lasting id) is this person's, or was theirs on another device.
  public func isCalled(_ person: String) -> Bool {
    person == personID || aliases?.contains(person) == true
  }

  /// The name of the profile's directory under `profiles/`.
  public var key: String { ProfileName.key(name) }

  public var birthMonth: BirthMonth? { born.flatMap(BirthMonth.init(parsing:)) }

  /// A child's age on `date`; nil for an adult.
  public func age(on date: Date) -> Int? { birthMonth?.age(on: date) }
}

/// `profiles.plist` in the data directory: the people of the household, the one last chosen
/// with `profile use` (the household's setting) and when, and a move of old files under way.
/// Version 2 has lasting ids; every write saves it, so that an older shelf, which would drop
/// them, refuses the file instead.
public struct HouseholdDocument: StoredDocument {
  public static let currentVersion = 2
  public static let recordsChanges = true
  public var version = HouseholdDocument.currentVersion
  public var profiles: [ProfileRecord] = []
  /// The profile `profile use` chose last, by id.
  public var lastUsed: Int?
  public var lastUsedChanged: Date?
  /// Lasting ids were just given: claims saved by number are being turned into claims by id
  /// (the first start after lasting ids; see `Household.prepare`).
  public var namingClaimers = false
  /// The id the next profile gets.
  public var nextID = 1
  /// The profile that takes the files of a data directory from before profiles existed,
  /// while they are being moved (the first start after the change).
  public var takingOldFiles: Int?
  private var unreadable: [String] = []

  private enum CodingKeys: String, CodingKey {
    case version, profiles, lastUsed, lastUsedChanged, nextID, takingOldFiles, namingClaimers
  }

  public init() {}

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    let (profiles, skipped) = try container.decodeEach(ProfileRecord.self, forKey: .profiles)
    self.profiles = profiles
    unreadable = skipped.map { "profile \($0.position) could not be read; dropped it" }
    lastUsed = try? container.decodeIfPresent(Int.self, forKey: .lastUsed)
    lastUsedChanged = try? container.decodeIfPresent(Date.self, forKey: .lastUsedChanged)
    namingClaimers = (try? container.decodeIfPresent(Bool.self, forKey: .namingClaimers)) ?? false
    nextID = (try? container.decodeIfPresent(Int.self, forKey: .nextID)) ?? 1
    takingOldFiles = try? container.decodeIfPresent(Int.self, forKey: .takingOldFiles)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.currentVersion, forKey: .version)
    try container.encode(profiles, forKey: .profiles)
    try container.encodeIfPresent(lastUsed, forKey: .lastUsed)
    try container.encodeIfPresent(lastUsedChanged, forKey: .lastUsedChanged)
    try container.encode(nextID, forKey: .nextID)
    try container.encodeIfPresent(takingOldFiles, forKey: .takingOldFiles)
    if namingClaimers { try container.encode(true, forKey: .namingClaimers) }
  }

  public static func == (left: HouseholdDocument, right: HouseholdDocument) -> Bool {
    left.profiles == right.profiles && left.lastUsed == right.lastUsed
      && left.lastUsedChanged == right.lastUsedChanged && left.nextID == right.nextID
      && left.takingOldFiles == right.takingOldFiles && left.namingClaimers == right.namingClaimers
  }

  /// The profile with this name, in any case; else the one whose name looks like it
  /// (`ProfileName.lookalike`: `Ｍia` finds `Mia`).
  public func profile(named name: String) -> ProfileRecord? {
    let key = ProfileName.key(name)
    if let exact = profiles.first(where: { $0.key == key }) { return exact }
    let lookalike = ProfileName.lookalike(name)
    return profiles.first { ProfileName.lookalike($0.name) == lookalike }
  }

  public func profile(id: Int) -> ProfileRecord? {
    profiles.first { $0.id == id }
  }

  /// The person a start with no choice and no `profile use` begins as: the first this data
  /// directory made. (The order of the list is no datum: a sync may list another device's
  /// people first.)
  public var firstMade: ProfileRecord? { profiles.min { $0.id < $1.id } }

  /// The person whose lasting id (or an earlier one of theirs) is `person`.
  public func profile(person: String) -> ProfileRecord? {
    profiles.first { $0.isCalled(person) }
  }

  /// Whether some profile has no lasting id yet (a file from before them).
  public var lacksLastingIDs: Bool { profiles.contains { $0.uid == nil } }

  /// Drops profiles whose name is not a name or is taken, and birth months that are not one.
  public mutating func repair() -> [String] {
    var notes = unreadable
    unreadable = []
    var keys = Set<String>()
    var ids = Set<Int>()
    profiles = profiles.filter { record in
      guard ProfileName(record.name) != nil else {
        notes.append("profile \"\(record.name)\" has a name that is not one; dropped it")
        return false
      }
      guard keys.insert(record.key).inserted, ids.insert(record.id).inserted else {
        notes.append("profile \"\(record.name)\" was listed twice; kept it once")
        return false
      }
      return true
    }
    for index in profiles.indices {
      if let born = profiles[index].born, BirthMonth(parsing: born) == nil {
        notes.append(
          "profile \"\(profiles[index].name)\": born \"\(born)\" is not YYYY-MM; dropped it")
        profiles[index].born = nil
      }
    }
    let highest = profiles.map(\.id).max() ?? 0
    if nextID <= highest { nextID = highest + 1 }
    if let lastUsed, profile(id: lastUsed) == nil { self.lastUsed = nil }
    return notes
  }
}

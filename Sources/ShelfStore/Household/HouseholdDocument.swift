import Foundation

/// One person of the household as `profiles.plist` keeps them: a number that never changes
/// (so a shell follows a rename made in another one), the name, and the birth month of a
/// child (nil for an adult).
public struct ProfileRecord: Codable, Equatable, Sendable {
  public var id: Int
  public var name: String
  /// `YYYY-MM`; nil for an adult.
  public var born: String?
  /// The directory the profile's files are being moved from (a rename under way: finished at
  /// the next start if a shell was killed in the middle).
  public var movingFrom: String?

  public init(id: Int, name: String, born: String? = nil) {
    self.id = id
    self.name = name
    self.born = born
  }

  /// The name of the profile's directory under `profiles/`.
  public var key: String { ProfileName.key(name) }

  public var birthMonth: BirthMonth? { born.flatMap(BirthMonth.init(parsing:)) }

  /// A child's age on `date`; nil for an adult.
  public func age(on date: Date) -> Int? { birthMonth?.age(on: date) }
}

/// `profiles.plist` in the data directory: the people of the household, the one last chosen
/// with `profile use`, and a move of old files under way.
public struct HouseholdDocument: StoredDocument {
  public static let currentVersion = 1
  public var version = HouseholdDocument.currentVersion
  public var profiles: [ProfileRecord] = []
  /// The profile `profile use` chose last, by id.
  public var lastUsed: Int?
  /// The id the next profile gets.
  public var nextID = 1
  /// The profile that takes the files of a data directory from before profiles existed,
  /// while they are being moved (the first start after the change).
  public var takingOldFiles: Int?
  private var unreadable: [String] = []

  private enum CodingKeys: String, CodingKey {
    case version, profiles, lastUsed, nextID, takingOldFiles
  }

  public init() {}

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    let (profiles, skipped) = try container.decodeEach(ProfileRecord.self, forKey: .profiles)
    self.profiles = profiles
    unreadable = skipped.map { "profile \($0.position) could not be read; dropped it" }
    lastUsed = try? container.decodeIfPresent(Int.self, forKey: .lastUsed)
    nextID = (try? container.decodeIfPresent(Int.self, forKey: .nextID)) ?? 1
    takingOldFiles = try? container.decodeIfPresent(Int.self, forKey: .takingOldFiles)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(profiles, forKey: .profiles)
    try container.encodeIfPresent(lastUsed, forKey: .lastUsed)
    try container.encode(nextID, forKey: .nextID)
    try container.encodeIfPresent(takingOldFiles, forKey: .takingOldFiles)
  }

  public static func == (left: HouseholdDocument, right: HouseholdDocument) -> Bool {
    left.version == right.version && left.profiles == right.profiles
      && left.lastUsed == right.lastUsed && left.nextID == right.nextID
      && left.takingOldFiles == right.takingOldFiles
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

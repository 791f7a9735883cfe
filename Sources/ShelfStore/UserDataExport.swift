import Foundation
import ShelfDomain

/// What `export` prints and `import` reads: one JSON document of every datum of
/// `UserDataDeclaration`, each under its export key: the household's at the top (the cart, the
/// settings), each person's in their entry of `profiles` with their lasting id, name and birth
/// month. Versions 1 to 3 are still read (3 is 4 without plays and rewatches): version 1 has
/// the active profile's favourites and marks at the top (`top`, which `import` gives the
/// active profile), version 2 has the claims inside the wish lists.
public struct UserDataExport: Encodable, Sendable {
  /// Which state an export holds.
  public enum Scope: String, CaseIterable, Sendable {
    case favorites, cart, watched, all
  }

  /// One person and what is theirs.
  public struct Profile: Sendable {
    /// Their lasting id (empty in an export from before them), name and birth month.
    public var entry: PersonEntry
    /// Their datums, by export key.
    public var values: [String: any MergeableValue]

    public init(entry: PersonEntry, values: [String: any MergeableValue] = [:]) {
      self.entry = entry
      self.values = values
    }

    public var name: String { entry.name }
  }

  public static let formatName = "shelf-export"
  /// 4: marks with their plays, and rewatches. 3: every datum, with lasting ids and the times
  /// of changes. 2: with `profiles`. 1: the favourites, marks and cart of one person.
  public static let currentVersion = 4

  public var version = UserDataExport.currentVersion
  /// The household's datums, by export key.
  public var household: [String: any MergeableValue] = [:]
  /// A person's datums at the top, by export key: the active profile's.
  public var top: [String: any MergeableValue] = [:]
  public var profiles: [Profile]?

  public init() {}

  /// The value under `key` at the top, or in the profile named `profile`.
  public func value(_ key: String, profile: String? = nil) -> (any MergeableValue)? {
    guard let profile else { return household[key] ?? top[key] }
    return profiles?.first { ProfileName.key($0.name) == ProfileName.key(profile) }?.values[key]
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: ExportKey.self)
    try container.encode(Self.formatName, forKey: ExportKey("format"))
    try container.encode(version, forKey: ExportKey("version"))
    for (key, value) in household.merging(top, uniquingKeysWith: { first, _ in first }) {
      try container.encode(value, forKey: ExportKey(key))
    }
    if let profiles {
      try container.encode(profiles.map(EncodedProfile.init), forKey: ExportKey("profiles"))
    }
  }

  /// A profile as an object: the person's fields, then their datums.
  private struct EncodedProfile: Encodable {
    let profile: Profile

    func encode(to encoder: Encoder) throws {
      try profile.entry.encode(to: encoder)
      var container = encoder.container(keyedBy: ExportKey.self)
      for (key, value) in profile.values { try container.encode(value, forKey: ExportKey(key)) }
    }
  }
}

extension UserDataExport: Decodable {
  /// Reads every key a datum is declared with; other keys are ignored.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: ExportKey.self)
    version = try container.decode(Int.self, forKey: ExportKey("version"))
    for file in UserDataDeclaration.files {
      for datum in file.datums where datum.exportKey != UserDataDeclaration.people.exportKey {
        guard container.contains(ExportKey(datum.exportKey)),
          let value = try file.codec.decodeValue(datum.exportKey, from: container)
        else { continue }
        if datum.owner == .household {
          household[datum.exportKey] = value
        } else {
          top[datum.exportKey] = value
        }
      }
    }
    profiles = try container.decodeIfPresent([DecodedProfile].self, forKey: ExportKey("profiles"))?
      .map(\.profile)
  }

  private struct DecodedProfile: Decodable {
    let profile: Profile

    init(from decoder: Decoder) throws {
      var profile = Profile(entry: try PersonEntry(from: decoder))
      let container = try decoder.container(keyedBy: ExportKey.self)
      for file in UserDataDeclaration.files(of: .person) {
        for datum in file.datums where container.contains(ExportKey(datum.exportKey)) {
          profile.values[datum.exportKey] = try file.codec.decodeValue(
            datum.exportKey, from: container)
        }
      }
      if profile.values[UserDataDeclaration.claims.exportKey] == nil,
        let wishes = try? container.decodeIfPresent(
          [VersionTwoWish].self, forKey: ExportKey(UserDataDeclaration.wishes.exportKey))
      {
        profile.values[UserDataDeclaration.claims.exportKey] = VersionTwoWish.claims(wishes)
      }
      self.profile = profile
    }
  }
}

/// A wish as version 2 wrote it, with the name of whoever claimed it.
struct VersionTwoWish: Decodable {
  let kind: ItemKind
  let id: Int
  let claimedBy: String?

  /// The claims of version 2's wishes, as version 3 writes them; nil when there are none.
  static func claims(_ wishes: [VersionTwoWish]) -> MergeableSet<Claim>? {
    let claims = wishes.compactMap { wish in
      wish.claimedBy.map { Claim(kind: wish.kind, id: wish.id, claimedBy: $0) }
    }
    return claims.isEmpty ? nil : MergeableSet(members: claims)
  }
}

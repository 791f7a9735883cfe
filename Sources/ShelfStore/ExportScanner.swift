import Foundation

/// A fast path for reading an export: one pass over the bytes that validates the JSON, reads
/// the watched marks (which can number a million) straight into values, and hands the other
/// datums' values to `JSONDecoder`, each found by its export key (`UserDataDeclaration`). It
/// returns nil at anything it does not expect (a syntax error, a number that is not a plain
/// integer, a key given twice, a value that does not decode); the caller then reads the
/// document the slow way, which words the error.
struct ExportScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  private let data: Data
  var position = 0

  private init(_ bytes: UnsafeBufferPointer<UInt8>, data: Data) {
    self.bytes = bytes
    self.data = data
  }

  static func read(_ data: Data) -> UserDataExport? {
    data.withUnsafeBytes { raw in
      var scanner = ExportScanner(raw.bindMemory(to: UInt8.self), data: data)
      return scanner.document()
    }
  }

  private mutating func document() -> UserDataExport? {
    var export = UserDataExport()
    var format: String?
    var version: Int?
    var seen = Set<String>()
    skipSpace()
    guard
      object({ scanner, key in
        guard seen.insert(key).inserted else { return false }
        switch key {
        case "format":
          guard let text = scanner.string() else { return false }
          format = text
        case "version":
          guard let number = scanner.integer() else { return false }
          version = number
        case "profiles":
          guard let profiles = scanner.profiles() else { return false }
          export.profiles = profiles
        default:
          guard let owner = Self.owner(of: key) else { return scanner.skipValue() }
          guard let value = scanner.value(key, of: owner) else { return false }
          if owner == .household {
            export.household[key] = value
          } else {
            export.top[key] = value
          }
        }
        return true
      })
    else { return nil }
    skipSpace()
    guard position == bytes.count, format == UserDataExport.formatName, let version,
      version >= 1, version <= UserDataExport.currentVersion
    else { return nil }
    export.version = version
    return export
  }

  /// Whose datum has the export key `key` (nil: none, the key is skipped).
  private static func owner(of key: String) -> Datum.Owner? {
    guard key != UserDataDeclaration.people.exportKey else { return nil }
    if UserDataDeclaration.datum(exportKey: key, of: .household) != nil { return .household }
    return UserDataDeclaration.datum(exportKey: key, of: .person) != nil ? .person : nil
  }

  /// The value of the datum with export key `key` here; nil when it is not one (`null` too:
  /// `JSONDecoder` reads it as an absent value, and the slow way handles that).
  private mutating func value(_ key: String, of owner: Datum.Owner) -> (any MergeableValue)? {
    for file in UserDataDeclaration.files(of: owner)
    where file.datums.contains(where: { $0.exportKey == key }) {
      return file.codec.scanValue(key, &self)
    }
    return nil
  }

  /// The value here, skipped and decoded by `JSONDecoder`; nil when it is not a `Value`.
  mutating func decoded<Value: Decodable>(_ type: Value.Type) -> Value? {
    let start = position
    guard skipValue() else { return nil }
    return try? JSONDecoder().decode(
      Value.self, from: data[data.startIndex + start..<data.startIndex + position])
  }

  // MARK: - Profiles

  private mutating func profiles() -> [UserDataExport.Profile]? {
    guard take(UInt8(ascii: "[")) else { return nil }
    var profiles: [UserDataExport.Profile] = []
    skipSpace()
    if take(UInt8(ascii: "]")) { return profiles }
    repeat {
      skipSpace()
      guard let profile = profile() else { return nil }
      profiles.append(profile)
      skipSpace()
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]")) ? profiles : nil
  }

  /// One person: their fields read here, their datums by export key.
  private mutating func profile() -> UserDataExport.Profile? {
    var name: String?
    var profile = UserDataExport.Profile(entry: PersonEntry(person: "", name: ""))
    var versionTwoClaims: MergeableSet<Claim>?
    var seen = Set<String>()
    guard
      object({ scanner, key in
        guard seen.insert(key).inserted else { return false }
        switch key {
        case "name":
          guard let text = scanner.string() else { return false }
          name = text
        case "uid":
          guard let text = scanner.string() else { return false }
          profile.entry.person = text
        case "born":
          if scanner.takeNull() { return true }
          guard let text = scanner.string() else { return false }
          profile.entry.born = text
        case "nameChanged", "bornChanged":
          guard let text = scanner.string() else { return false }
          if key == "nameChanged" {
            profile.entry.nameChanged = WatchTime.parse(text)
          } else {
            profile.entry.bornChanged = WatchTime.parse(text)
          }
        default:
          guard UserDataDeclaration.datum(exportKey: key, of: .person) != nil else {
            return scanner.skipValue()
          }
          let start = scanner.position
          guard let value = scanner.value(key, of: .person) else { return false }
          profile.values[key] = value
          if key == UserDataDeclaration.wishes.exportKey {
            // Version 2 kept the claims in the wishes.
            let end = scanner.position
            scanner.position = start
            guard let wishes = scanner.decoded([VersionTwoWish].self), scanner.position == end
            else { return false }
            versionTwoClaims = VersionTwoWish.claims(wishes)
          }
        }
        return true
      }), let name
    else { return nil }
    profile.entry.name = name
    if profile.values[UserDataDeclaration.claims.exportKey] == nil, let versionTwoClaims {
      profile.values[UserDataDeclaration.claims.exportKey] = versionTwoClaims
    }
    return profile
  }

  // MARK: - Watched marks

  mutating func watched() -> [WatchedShow]? {
    guard take(UInt8(ascii: "[")) else { return nil }
    var shows: [WatchedShow] = []
    skipSpace()
    if take(UInt8(ascii: "]")) { return shows }
    repeat {
      skipSpace()
      guard let show = watchedShow() else { return nil }
      shows.append(show)
      skipSpace()
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]")) ? shows : nil
  }

  private mutating func watchedShow() -> WatchedShow? {
    var showID: Int?
    var episodes: [WatchedEpisode]?
    guard
      object({ scanner, key in
        switch key {
        case "showId":
          guard showID == nil, let id = scanner.integer() else { return false }
          showID = id
        case "episodes":
          guard episodes == nil, let marks = scanner.episodes() else { return false }
          episodes = marks
        default:
          return scanner.skipValue()
        }
        return true
      }), let showID, let episodes
    else { return nil }
    return WatchedShow(showId: showID, episodes: episodes)
  }

  private mutating func episodes() -> [WatchedEpisode]? {
    guard take(UInt8(ascii: "[")) else { return nil }
    var episodes: [WatchedEpisode] = []
    skipSpace()
    if take(UInt8(ascii: "]")) { return episodes }
    repeat {
      skipSpace()
      var id: Int?
      var season: Int?
      var number: Int?
      var watchedAt: Date?
      var plays: Int?
      var lastWatchedAt: Date?
      var seen: UInt8 = 0
      guard
        object({ scanner, key in
          let bit: UInt8
          switch key {
          case "id": bit = 1
          case "season": bit = 2
          case "number": bit = 4
          case "watchedAt": bit = 8
          case "plays": bit = 16
          case "lastWatchedAt": bit = 32
          default: return scanner.skipValue()
          }
          guard seen & bit == 0 else { return false }
          seen |= bit
          if bit != 1, scanner.takeNull() { return true }
          if bit == 8 || bit == 32 {
            // A time that is not one is left out: the mark itself still counts.
            guard let text = scanner.string() else { return false }
            if bit == 8 {
              watchedAt = WatchTime.parse(text)
            } else {
              lastWatchedAt = WatchTime.parse(text)
            }
            return true
          }
          guard let value = scanner.integer() else { return false }
          switch bit {
          case 1: id = value
          case 2: season = value
          case 4: number = value
          default: plays = value
          }
          return true
        }), let id
      else { return nil }
      episodes.append(
        WatchedEpisode(
          id: id, season: season, number: number, watchedAt: watchedAt, plays: plays ?? 1,
          lastWatchedAt: lastWatchedAt))
      skipSpace()
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]")) ? episodes : nil
  }
}

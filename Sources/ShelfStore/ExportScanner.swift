import Foundation

/// A fast path for reading an export: one pass over the bytes that validates the JSON, reads
/// the watched marks (which can number a million) straight into values, and hands the other
/// datums' values to `JSONDecoder`, each found by its export key (`UserDataDeclaration`). It
/// returns nil at anything it does not expect (a syntax error, a number that is not a plain
/// integer, a key given twice, a value that does not decode); the caller then reads the
/// document the slow way, which words the error.
struct ExportScanner {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let data: Data
  private var position = 0

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
      var seen: UInt8 = 0
      guard
        object({ scanner, key in
          let bit: UInt8
          switch key {
          case "id": bit = 1
          case "season": bit = 2
          case "number": bit = 4
          case "watchedAt": bit = 8
          default: return scanner.skipValue()
          }
          guard seen & bit == 0 else { return false }
          seen |= bit
          if bit != 1, scanner.takeNull() { return true }
          if bit == 8 {
            // A time that is not one is left out: the mark itself still counts.
            guard let text = scanner.string() else { return false }
            watchedAt = WatchTime.parse(text)
            return true
          }
          guard let value = scanner.integer() else { return false }
          switch bit {
          case 1: id = value
          case 2: season = value
          default: number = value
          }
          return true
        }), let id
      else { return nil }
      episodes.append(
        WatchedEpisode(id: id, season: season, number: number, watchedAt: watchedAt))
      skipSpace()
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]")) ? episodes : nil
  }

  /// An object whose members `member` reads (false: not what was expected).
  private mutating func object(_ member: (inout ExportScanner, String) -> Bool) -> Bool {
    guard take(UInt8(ascii: "{")) else { return false }
    skipSpace()
    if take(UInt8(ascii: "}")) { return true }
    repeat {
      skipSpace()
      guard let key = string() else { return false }
      skipSpace()
      guard take(UInt8(ascii: ":")) else { return false }
      skipSpace()
      guard member(&self, key) else { return false }
      skipSpace()
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}"))
  }

  // MARK: - JSON

  private mutating func take(_ byte: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  private mutating func takeNull() -> Bool {
    literal("null")
  }

  private mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
      return false
    }
    position += count
    return true
  }

  private mutating func skipSpace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// A plain integer (`-12`, `0`): no fraction, no exponent, no leading zero, within `Int`.
  private mutating func integer() -> Int? {
    var index = position
    let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let first = index
    var value = 0
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
      let digit = Int(bytes[index] - 0x30)
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(negative ? -digit : digit)
      guard !overflow, !overflow2 else { return nil }
      value = sum
      index += 1
    }
    guard index > first, !(bytes[first] == 0x30 && index - first > 1) else { return nil }
    if index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
      default: break
      }
    }
    position = index
    return value
  }

  /// A string without escapes as text; nil for anything else (escapes go the slow way).
  private mutating func string() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let text = String(
          validating: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        position += 1
        return text
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      position += 1
    }
    return nil
  }

  /// Skips one JSON value, checking its syntax.
  private mutating func skipValue() -> Bool {
    guard position < bytes.count else { return false }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      return object { scanner, _ in scanner.skipValue() }
    case UInt8(ascii: "["):
      position += 1
      skipSpace()
      if take(UInt8(ascii: "]")) { return true }
      repeat {
        skipSpace()
        guard skipValue() else { return false }
        skipSpace()
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "]"))
    case UInt8(ascii: "\""):
      return skipString()
    case UInt8(ascii: "t"): return literal("true")
    case UInt8(ascii: "f"): return literal("false")
    case UInt8(ascii: "n"): return literal("null")
    default:
      return skipNumber()
    }
  }

  /// A string with any escapes, checked (`\u` needs four hex digits) but not decoded.
  private mutating func skipString() -> Bool {
    guard take(UInt8(ascii: "\"")) else { return false }
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        let valid =
          String(validating: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
          != nil
        position += 1
        return valid
      case UInt8(ascii: "\\"):
        guard position + 1 < bytes.count else { return false }
        switch bytes[position + 1] {
        case UInt8(ascii: "u"):
          guard position + 6 <= bytes.count,
            bytes[(position + 2)..<(position + 6)].allSatisfy({
              ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66)
            })
          else { return false }
          position += 6
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          position += 2
        default:
          return false
        }
      case 0..<0x20:
        return false
      default:
        position += 1
      }
    }
    return false
  }

  /// A number in JSON's grammar.
  private mutating func skipNumber() -> Bool {
    var index = position
    func digits() -> Int {
      let start = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      return index - start
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let first = index
    let count = digits()
    guard count > 0, !(bytes[first] == 0x30 && count > 1) else { return false }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { return false }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() > 0 else { return false }
    }
    position = index
    return true
  }
}

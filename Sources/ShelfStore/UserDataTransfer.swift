import Foundation
import ShelfDomain
import ShelfFiles

/// Export and import of the user's data, datum by datum as `UserDataDeclaration` declares
/// them: `export` writes one JSON document of every datum, `import` checks a whole document
/// before it changes anything, then merges it by the declared rules with no common version
/// (it adds and updates, never removes), so that a round trip through a fresh data directory
/// reproduces the data exactly.
public struct UserDataTransfer {
  public let data: UserData

  public init(data: UserData) {
    self.data = data
  }

  /// `scope` of the household: `all` is the household's datums and every profile's; the
  /// others are the one datum of that export key (the cart; the active profile's favourites
  /// or marks, at the top). With `profile`, only that person's (for `all`: as the one entry of
  /// `profiles`). What is hidden from the active profile (the claims on their own wish list,
  /// cart lines bought for them) is left out, as everywhere they look.
  public func export(_ scope: UserDataExport.Scope, profile: ProfileRecord? = nil) throws
    -> UserDataExport
  {
    let household = try data.household.read()
    let viewer = data.active.personID
    let name: (String) -> String? = { household.profile(person: $0)?.name }
    func values(of owner: Datum.Owner, _ record: ProfileRecord?) throws
      -> [String: any MergeableValue]
    {
      let view = ExportView(viewer: viewer, owner: record?.personID, name: name)
      var values: [String: any MergeableValue] = [:]
      for file in UserDataDeclaration.files(of: owner) {
        values.merge(
          try file.codec.exportValues(data, person: record, view: view),
          uniquingKeysWith: { first, _ in first })
      }
      values[UserDataDeclaration.people.exportKey] = nil
      return values
    }
    var export = UserDataExport()
    guard scope == .all else {
      let key = scope.rawValue
      if UserDataDeclaration.datum(exportKey: key, of: .household) != nil {
        export.household[key] = try values(of: .household, nil)[key]
      } else {
        export.top[key] = try values(of: .person, profile ?? data.active)[key]
      }
      return export
    }
    if profile == nil { export.household = try values(of: .household, nil) }
    let entries = household.personSet.members
    export.profiles = try (profile.map { [$0] } ?? household.profiles).map { record in
      UserDataExport.Profile(
        entry: (entries.first { $0.person == record.personID }
          ?? PersonEntry(person: record.personID, name: record.name)).exported(),
        values: try values(of: .person, record))
    }
    return export
  }

  /// The export as JSON text on one line: keys sorted, every character outside ASCII
  /// written as a `\u` escape so that no terminal or pipe can alter it.
  public static func text(of export: UserDataExport) throws -> String {
    let json = String(decoding: try JSONCoding.encoder().encode(export), as: UTF8.self)
    var text = ""
    text.reserveCapacity(json.utf8.count)
    for unit in json.utf16 {
      if unit < 0x80 {
        text.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
      } else {
        let hex = String(unit, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return text
  }

  /// Reads and checks an export; throws `ImportError` with a one-line reason.
  public static func decode(_ json: Data) throws -> UserDataExport {
    // A well-formed export is read in one pass; anything else the slow way, which words the
    // reason.
    if let export = ExportScanner.read(json) {
      try check(export)
      return export
    }
    guard (try? JSONSerialization.jsonObject(with: json)) is [String: Any] else {
      // Where the JSON breaks, when it does (what Foundation reads is read, as before).
      if let problem = JSONSyntax.problem(in: json) {
        throw ImportError("not valid JSON (\(problem))")
      }
      throw ImportError("not a JSON object")
    }
    struct Probe: Decodable {
      var format: String?
      var version: Int?
    }
    let probe = try? JSONDecoder().decode(Probe.self, from: json)
    guard probe?.format == UserDataExport.formatName else {
      throw ImportError("not a shelf export (no \"format\": \"\(UserDataExport.formatName)\")")
    }
    guard let version = probe?.version, version >= 1 else {
      throw ImportError("the export has no format version")
    }
    guard version <= UserDataExport.currentVersion else {
      throw ImportError("written by a newer shelf (export version \(version))")
    }
    let export: UserDataExport
    do {
      export = try JSONDecoder().decode(UserDataExport.self, from: json)
    } catch let DecodingError.dataCorrupted(context) {
      throw ImportError("unexpected contents at \(path(context.codingPath))")
    } catch let DecodingError.keyNotFound(key, context) {
      throw ImportError("\(path(context.codingPath + [key])) is missing")
    } catch let DecodingError.typeMismatch(_, context) {
      throw ImportError("unexpected contents at \(path(context.codingPath))")
    } catch let DecodingError.valueNotFound(_, context) {
      throw ImportError("\(path(context.codingPath)) is missing")
    } catch {
      throw ImportError("unexpected contents")
    }
    try check(export)
    return export
  }

  /// Refuses an export with a value no data directory may hold (a bad id, a rating out of
  /// range, an item listed twice, a profile whose name is not a name or is listed twice).
  private static func check(_ export: UserDataExport) throws {
    for (key, value) in export.household.merging(export.top, uniquingKeysWith: { a, _ in a })
    where value.problem != nil {
      throw ImportError("\(key): \(value.problem ?? "")")
    }
    var names = Set<String>()
    for (index, profile) in (export.profiles ?? []).enumerated() {
      let place = "profiles[\(index)]"
      if let problem = profile.entry.problem { throw ImportError("\(place): \(problem)") }
      guard names.insert(ProfileName.key(profile.name)).inserted else {
        throw ImportError("\(place): the profile \"\(profile.name)\" is listed twice")
      }
      for (key, value) in profile.values where value.problem != nil {
        throw ImportError("\(place).\(key): \(value.problem ?? "")")
      }
    }
  }

  private static func path(_ keys: [CodingKey]) -> String {
    keys.isEmpty
      ? "the top level"
      : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        .trimmingCharacters(in: CharacterSet(charactersIn: "."))
  }

  /// Finishes (or undoes) an import that was killed half-way; see `DurableFileGroup`.
  /// `staging`: the profile directories that hold staged files.
  func finishInterruptedImport(staging: [URL]) throws {
    var destinations = UserDataDeclaration.files(of: .household).map {
      data.directory.appendingPathComponent($0.name, isDirectory: false)
    }
    destinations += PersonData.oldFileNames.map {
      data.directory.appendingPathComponent($0, isDirectory: false)
    }
    for directory in staging {
      destinations += UserDataDeclaration.files(of: .person).map {
        directory.appendingPathComponent($0.name, isDirectory: false)
      }
    }
    guard DurableFileGroup.wasInterrupted(journal: data.importJournal, destinations: destinations)
    else { return }
    try data.household.file.withLock {
      try data.cart.file.withLock {
        do {
          try DurableFileGroup.finishInterrupted(
            journal: data.importJournal, destinations: destinations)
        } catch let error as FileError {
          throw StoreError(error)
        }
      }
    }
  }
}

/// A file whose lock an import takes.
protocol LockedFile {
  func withLock<Result>(_ body: () throws -> Result) throws -> Result
}

extension PropertyListFile: LockedFile {}

/// Runs `body` holding the lock of every file, taken one after the other.
func withLocks<Result>(_ files: ArraySlice<any LockedFile>, _ body: () throws -> Result) throws
  -> Result
{
  guard let first = files.first else { return try body() }
  return try first.withLock { try withLocks(files.dropFirst(), body) }
}

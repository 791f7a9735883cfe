import Foundation
import ShelfStore

/// Sync's rules from the data declaration (`UserDataDeclaration`): the files that travel, the
/// people of `profiles.plist` by their lasting ids, and `SyncedFiles.merge`, the one merge of
/// three versions of any of those files. Nothing here merges a value itself.
public struct DeclaredSyncRules: SyncRules {
  public init() {}

  public var householdDocuments: [String] {
    UserDataDeclaration.files.filter { $0.owner == .household }.map(\.name)
  }

  public var personDocuments: [String] {
    UserDataDeclaration.files.filter { $0.owner == .person }.map(\.name)
  }

  public let peopleDocument = "profiles.plist"
  public let peopleDirectory = "profiles"

  public func people(in document: Data?) throws -> [SyncPerson] {
    guard let document else { return [] }
    let household: HouseholdDocument
    do {
      household = try PropertyListDecoder().decode(HouseholdDocument.self, from: document)
    } catch {
      throw DamagedVersion(side: .ours, reason: "not a list of profiles")
    }
    return household.profiles.map { record in
      SyncPerson(
        id: record.personID, aliases: record.aliases ?? [], name: record.name,
        directory: record.movingFrom ?? record.key, moving: record.movingFrom != nil)
    }
  }

  public func emptyVersion(of document: SyncDocument) throws -> Data {
    Data(try SyncedFiles.merge(Self.path(of: document), base: nil, ours: nil, theirs: nil).bytes)
  }

  public func merge(
    _ document: SyncDocument, base: Data?, ours: Data?, theirs: Data?, household: Data?
  ) throws -> SyncMerge {
    let path = Self.path(of: document)
    let outcome = try reading(document, versions: [base, ours, theirs]) {
      try SyncedFiles.merge(path, base: base, ours: ours, theirs: theirs)
    }
    return SyncMerge(
      document: Data(outcome.bytes), sent: outcome.count.ours, received: outcome.count.theirs)
  }

  public func changes(
    _ document: SyncDocument, from base: Data?, to ours: Data?, household: Data?
  ) throws -> Int {
    let path = Self.path(of: document)
    return try reading(document, versions: [base, ours, base]) {
      try SyncedFiles.changes(path, from: base, to: ours)
    }.count.ours
  }

  /// Runs `body`, which reads `versions` (base, ours, theirs) of `document`; a version that
  /// cannot be read is `DamagedVersion` naming its side, one of a newer shelf a `SyncError`.
  private func reading(
    _ document: SyncDocument, versions: [Data?], _ body: () throws -> SyncedFiles.Outcome
  ) throws -> SyncedFiles.Outcome {
    do {
      return try body()
    } catch let error as StoreError {
      if case .newerVersion(let version) = error.reason {
        throw SyncError.merge(
          document: document.name,
          reason: "a newer shelf wrote it (version \(version)); update shelf on this device")
      }
      // Which version cannot be read: each is merged alone to find it, the common version
      // first (when it is damaged too, the replacement of a damaged side must not be it).
      let path = Self.path(of: document)
      let sides: [DamagedVersion.Side] = [.base, .ours, .theirs]
      for (side, version) in zip(sides, versions) {
        guard let version else { continue }
        do {
          _ = try SyncedFiles.merge(path, base: nil, ours: version, theirs: nil)
        } catch let damaged as StoreError {
          throw DamagedVersion(side: side, reason: Self.reason(damaged))
        }
      }
      throw SyncError.merge(document: document.name, reason: Self.reason(error))
    }
  }

  public func settle(dataDirectory: URL) throws -> [String: URL] {
    let household = Household(dataDirectory: dataDirectory)
    let before = Set(Self.names(in: household.profilesDirectory))
    _ = try household.prepare(first: .me, oldFiles: [])
    var kept: [String: URL] = [:]
    for name in Self.names(in: household.profilesDirectory) where !before.contains(name) {
      guard let range = name.range(of: ".removed-") else { continue }
      kept[String(name[..<range.lowerBound])] = household.profilesDirectory
        .appendingPathComponent(name)
    }
    return kept
  }

  /// The path `SyncedFiles` knows a document by (a person's files are alike for every person).
  private static func path(of document: SyncDocument) -> String {
    switch document {
    case .household(let name): name
    case .person(_, let name): "profiles/person/\(name)"
    }
  }

  private static func reason(_ error: StoreError) -> String {
    switch error.reason {
    case .cannotRead(let reason), .cannotWrite(let reason), .cannotLock(let reason),
      .cannotCreateDirectory(let reason):
      reason
    case .newerVersion(let version): "a newer shelf wrote it (version \(version))"
    }
  }

  private static func names(in directory: URL) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
  }
}

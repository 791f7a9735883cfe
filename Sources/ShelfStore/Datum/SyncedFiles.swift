import Foundation

/// The user's files that travel between devices, and the one merge of three versions of any of
/// them, by the declared rules (for sync: git gives the base, ours and theirs). Everything else
/// in the data directory stays on its device: locks, temporaries, the import journal, files
/// kept aside (`*.removed-*`, `*.corrupt-*`, `*.before-repair-*`, `*.not-moved-*`).
public enum SyncedFiles {
  /// What merging one file gave.
  public struct Outcome: Sendable {
    /// The merged file's bytes, as shelf writes that file.
    public let bytes: [UInt8]
    /// The changes each side brought, all datums together (`ours`: sent, `theirs`: received).
    public let count: MergeCount
    /// The same, by datum name.
    public let counts: [String: MergeCount]
  }

  /// The file at `relativePath` (from the data directory): `cart.plist`, `profiles.plist`, or
  /// `profiles/KEY/NAME` for a person's file; nil when it does not travel.
  public static func file(at relativePath: String) -> DataFile? {
    let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false).map(
      String.init)
    switch parts.count {
    case 1:
      return UserDataDeclaration.files(of: .household).first { $0.name == parts[0] }
    case 3 where parts[0] == "profiles" && ProfileName(parts[1])?.key == parts[1]:
      return UserDataDeclaration.files(of: .person).first { $0.name == parts[2] }
    default:
      return nil
    }
  }

  /// Whether the file at `relativePath` travels.
  public static func travels(_ relativePath: String) -> Bool { file(at: relativePath) != nil }

  /// Every file that travels for `household` (whether it exists yet or not), relative to the
  /// data directory: the household's, then each person's.
  public static func paths(for household: HouseholdDocument) -> [String] {
    UserDataDeclaration.files(of: .household).map(\.name)
      + household.profiles.flatMap { record in
        UserDataDeclaration.files(of: .person).map { "profiles/\(record.key)/\($0.name)" }
      }
  }

  /// Merges three versions of the file at `relativePath`: `base`, the version both sides
  /// started from (nil: none, as for an import: then nothing is removed); `ours` and `theirs`
  /// (nil: no file on that side, an empty document). Each datum merges by its rule; a version
  /// that is not a document of that file throws `StoreError` naming `relativePath`, and
  /// nothing is merged. A merged `profiles.plist` records a person renamed on the other side
  /// as a move of their directory (`ProfileRecord.movingFrom`), which
  /// `Household.finishMoves()` carries out once the file is written.
  public static func merge(_ relativePath: String, base: Data?, ours: Data?, theirs: Data?) throws
    -> Outcome
  {
    guard let file = file(at: relativePath) else {
      throw StoreError(path: relativePath, reason: .cannotRead("not a file that travels"))
    }
    let (bytes, counts) = try file.codec.merge(
      base: base, ours: ours, theirs: theirs, path: relativePath)
    return Outcome(bytes: bytes, count: counts.values.reduce(MergeCount(), +), counts: counts)
  }

  /// The changes `ours` made to `base` (versions of the file at `relativePath`), counted as
  /// `merge(relativePath, base: base, ours: ours, theirs: base)` counts them, without making
  /// the merged bytes (the returned `bytes` are empty). A version that is not a document of
  /// that file throws as `merge` does.
  public static func changes(_ relativePath: String, from base: Data?, to ours: Data?) throws
    -> Outcome
  {
    guard let file = file(at: relativePath) else {
      throw StoreError(path: relativePath, reason: .cannotRead("not a file that travels"))
    }
    let counts = try file.codec.changes(from: base, to: ours, path: relativePath)
    return Outcome(bytes: [], count: counts.values.reduce(MergeCount(), +), counts: counts)
  }

  /// Merges `base` and `theirs` (versions of the file at `relativePath` from elsewhere; nil:
  /// none) into that file of `data` as it is now, under the lock every command takes, and
  /// writes the result durably when it changed: a shell writing at the same moment loses
  /// nothing, and a kill leaves the old file or the new one. Values keep the times they carry.
  /// The returned `bytes` are empty (the file is written); the counts are as `merge`'s. After
  /// `profiles.plist`, call `Household.finishMoves()` to move the directories of people
  /// renamed elsewhere.
  public static func mergeIntoFile(
    _ relativePath: String, base: Data?, theirs: Data?, in data: UserData
  ) throws -> Outcome {
    guard let file = file(at: relativePath) else {
      throw StoreError(path: relativePath, reason: .cannotRead("not a file that travels"))
    }
    let person = file.owner == .person ? ProfileRecord(id: 0, name: personKey(relativePath)) : nil
    let counts = try file.codec.mergeIntoFile(
      base: base, theirs: theirs, path: relativePath, into: data, person: person)
    return Outcome(bytes: [], count: counts.values.reduce(MergeCount(), +), counts: counts)
  }

  /// `mia` of `profiles/mia/favorites.plist`.
  private static func personKey(_ relativePath: String) -> String {
    String(relativePath.split(separator: "/")[1])
  }
}

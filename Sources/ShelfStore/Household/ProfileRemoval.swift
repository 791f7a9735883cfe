import Foundation

/// What removing a person gives back: the datums whose fate on removal is `.released` (the
/// claims they made on others' wish lists; cart lines bought for them), file by file.
public struct Release: Sendable {
  public let datum: Datum
  /// Whose file it is in (nil: the household's).
  public let owner: ProfileRecord?
  public let count: Int
}

extension UserData {
  /// What removing `record` releases, in the files of the household and of everyone else,
  /// as the declarations say (`Datum.OnRemoval.released`); with `dryRun`, only counted (for
  /// the question `profile rm` asks), else released, each file under its lock.
  public func releases(of record: ProfileRecord, dryRun: Bool) throws -> [Release] {
    let household = try household.read()
    var releases: [Release] = []
    for file in UserDataDeclaration.files
    where file.datums.contains(where: { $0.onRemoval == .released }) {
      let owners: [ProfileRecord?] =
        file.owner == .household ? [nil] : household.profiles.filter { $0.id != record.id }
      for owner in owners {
        let counts = try file.codec.release(
          record.isCalled, in: self, person: owner, dryRun: dryRun)
        for datum in file.datums {
          if let count = counts[datum.name] {
            releases.append(Release(datum: datum, owner: owner, count: count))
          }
        }
      }
    }
    return releases
  }

  /// Removes the person named `name` (not the active one, nor the last): first gives back what
  /// they were given (`releases(of:dryRun:)`), then removes them and keeps their directory
  /// aside. Returns the record, where the files are now, and what was released.
  public func removeProfile(named name: String) throws -> (
    record: ProfileRecord, keptAt: URL?, released: [Release]
  ) {
    let record = try household.profile(named: name)
    if record.id == active.id { throw ProfileError.removingTheActiveOne(record.name) }
    if try household.read().profiles.count < 2 {
      throw ProfileError.removingTheLastOne(record.name)
    }
    let released = try releases(of: record, dryRun: false)
    let removed = try household.remove(record.name, activeID: active.id)
    return (removed.record, removed.keptAt, released)
  }
}

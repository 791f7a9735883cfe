import Foundation
import ShelfCatalog

extension HouseholdDocument {
  /// The snapshot of `profiles.plist` at `url`, kept in `cacheDirectory`: a start reads the
  /// household from it instead of decoding the property list.
  public static func snapshot(of url: URL, in cacheDirectory: URL) -> DocumentSnapshot<Self> {
    let name = CacheFile.name("profiles", for: url, extension: "cache")
    return DocumentSnapshot(
      file: CacheFile(url: cacheDirectory.appendingPathComponent(name), kind: "profiles-2"),
      encode: { $0.compactSections() }, decode: { HouseholdDocument(compact: $0) })
  }

  /// The header (version, next id, last used and the profile taking old files, each with
  /// whether it is there, the number of people, whether claimers are being named); each
  /// person's id; the texts of each (name, birth month, the directory being moved from, the
  /// lasting id, earlier ids one a line) one after the other; their lengths in bytes, -1 for
  /// none; the times (when the last used profile, then each name and birth month changed),
  /// NaN for none.
  func compactSections() -> [[UInt8]] {
    let header: [Int64] = [
      Int64(version), Int64(nextID), lastUsed == nil ? 0 : 1, Int64(lastUsed ?? 0),
      takingOldFiles == nil ? 0 : 1, Int64(takingOldFiles ?? 0), Int64(profiles.count),
      namingClaimers ? 1 : 0,
    ]
    func seconds(_ date: Date?) -> Double { date?.timeIntervalSinceReferenceDate ?? .nan }
    var times = [seconds(lastUsedChanged)]
    var texts: [UInt8] = []
    var lengths: [Int64] = []
    for profile in profiles {
      times += [seconds(profile.nameChanged), seconds(profile.bornChanged)]
      let aliases = profile.aliases.map { $0.joined(separator: "\n") }
      for text in [profile.name, profile.born, profile.movingFrom, profile.uid, aliases] {
        guard let text else {
          lengths.append(-1)
          continue
        }
        texts += Array(text.utf8)
        lengths.append(Int64(text.utf8.count))
      }
    }
    return [
      CacheFile.section(header), CacheFile.section(profiles.map { Int64($0.id) }), texts,
      CacheFile.section(lengths), CacheFile.section(times),
    ]
  }

  /// The document of `compactSections`; nil when the sections do not fit together.
  init?(compact sections: CachedSections) {
    guard sections.count == 5, let header = sections.values(0, as: Int64.self),
      header.count == 8, let ids = sections.values(1, as: Int64.self),
      ids.count == header[6], let texts = sections.values(2, as: UInt8.self),
      let lengths = sections.values(3, as: Int64.self), lengths.count == ids.count * 5,
      let times = sections.values(4, as: Double.self), times.count == 1 + ids.count * 2
    else { return nil }
    func date(_ index: Int) -> Date? {
      times[index].isNaN ? nil : Date(timeIntervalSinceReferenceDate: times[index])
    }
    self.init()
    version = Int(header[0])
    nextID = Int(header[1])
    lastUsed = header[2] == 1 ? Int(header[3]) : nil
    takingOldFiles = header[4] == 1 ? Int(header[5]) : nil
    namingClaimers = header[7] == 1
    lastUsedChanged = date(0)
    var offset = 0
    func text(_ index: Int) -> String?? {
      let length = Int(lengths[index])
      guard length >= 0 else { return .some(nil) }
      guard offset + length <= texts.count else { return nil }
      defer { offset += length }
      return String(validating: texts[offset..<offset + length], as: UTF8.self).map { $0 }
    }
    for (index, id) in ids.enumerated() {
      guard let name = text(index * 5), let name, let born = text(index * 5 + 1),
        let movingFrom = text(index * 5 + 2), let uid = text(index * 5 + 3),
        let aliases = text(index * 5 + 4)
      else { return nil }
      var record = ProfileRecord(id: Int(id), name: name, born: born, uid: uid)
      record.movingFrom = movingFrom
      record.aliases = aliases.map { $0.split(separator: "\n").map(String.init) }
      record.nameChanged = date(1 + index * 2)
      record.bornChanged = date(2 + index * 2)
      profiles.append(record)
    }
    guard offset == texts.count else { return nil }
  }
}

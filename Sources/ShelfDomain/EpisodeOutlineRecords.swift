/// A show's outlines as records of 32 bytes each, little-endian: the id (64 bits), season,
/// number and runtime (32 bits each), which of number, runtime and air time it has, and when
/// it counts as aired (a 64-bit float). How the show store keeps each show's outlines beside
/// its episodes, so that the lists over every followed show read 50 shows' outlines as 50
/// values instead of 25,000 rows.
public enum EpisodeOutlineRecords {
  static let size = 32

  private enum Present {
    static let number: UInt32 = 1
    static let runtime: UInt32 = 2
    static let aired: UInt32 = 4
  }

  /// The records of `outlines`; nil when a season, number or runtime does not fit 32 bits (no
  /// TVmaze episode comes near).
  public static func pack(_ outlines: [EpisodeOutline]) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: outlines.count * size)
    let fits = bytes.withUnsafeMutableBytes { raw -> Bool in
      for (index, outline) in outlines.enumerated() {
        guard let season = Int32(exactly: outline.season),
          let number = Int32(exactly: outline.number ?? 0),
          let runtime = Int32(exactly: outline.runtime ?? 0)
        else { return false }
        var present: UInt32 = 0
        if outline.number != nil { present |= Present.number }
        if outline.runtime != nil { present |= Present.runtime }
        if outline.airedFrom != nil { present |= Present.aired }
        let at = index * size
        raw.storeBytes(of: Int64(outline.id).littleEndian, toByteOffset: at, as: Int64.self)
        raw.storeBytes(of: season.littleEndian, toByteOffset: at + 8, as: Int32.self)
        raw.storeBytes(of: number.littleEndian, toByteOffset: at + 12, as: Int32.self)
        raw.storeBytes(of: runtime.littleEndian, toByteOffset: at + 16, as: Int32.self)
        raw.storeBytes(of: present.littleEndian, toByteOffset: at + 20, as: UInt32.self)
        raw.storeBytes(
          of: (outline.airedFrom ?? 0).bitPattern.littleEndian, toByteOffset: at + 24,
          as: UInt64.self)
      }
      return true
    }
    return fits ? bytes : nil
  }

  /// The outlines of `records`, each made when it is read; nil when the bytes are not a whole
  /// number of records.
  public static func unpack(_ records: [UInt8]) -> EpisodeOutlineList? {
    guard records.count % size == 0 else { return nil }
    return EpisodeOutlineList(count: records.count / size) { index in
      records.withUnsafeBytes { raw in
        let at = index * size
        func int32(_ offset: Int) -> Int {
          Int(Int32(littleEndian: raw.loadUnaligned(fromByteOffset: at + offset, as: Int32.self)))
        }
        let present = UInt32(
          littleEndian: raw.loadUnaligned(fromByteOffset: at + 20, as: UInt32.self))
        return EpisodeOutline(
          id: Int(Int64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int64.self))),
          season: int32(8),
          number: present & Present.number != 0 ? int32(12) : nil,
          runtime: present & Present.runtime != 0 ? int32(16) : nil,
          airedFrom: present & Present.aired != 0
            ? Double(
              bitPattern: UInt64(
                littleEndian: raw.loadUnaligned(fromByteOffset: at + 24, as: UInt64.self)))
            : nil)
      }
    }
  }
}

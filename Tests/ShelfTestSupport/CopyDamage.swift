import Foundation

/// The ways the tests damage a file in the cache directory (a `DerivedFile`): each a name
/// and what it does to the copy's bytes. A reader must answer from the file the copy was made
/// from after any of them.
public enum CopyDamage {
  /// Every damage, the last one turning a copy into one an earlier shelf made: the first of
  /// `kinds` (`watched-3`) found in it gets the version before (`watched-2`).
  public static func all(kinds: [String]) -> [(
    name: String, damage: @Sendable (inout Data) -> Void
  )] {
    [
      (
        "a byte changed in every block",
        { bytes in
          for block in stride(from: 4096 + 7, to: bytes.count, by: 4096) { bytes[block] ^= 0x20 }
        }
      ),
      // A file's last section may be read only when asked for (the toys' names).
      ("a byte changed in the last block", { bytes in bytes[bytes.count - 4096 + 1] ^= 0x20 }),
      ("cut short", { bytes in bytes = bytes.prefix(bytes.count / 2) }),
      ("empty", { bytes in bytes = Data() }),
      (
        "an earlier version",
        { bytes in
          for kind in kinds {
            guard let at = bytes.range(of: Data(kind.utf8)), let last = kind.last?.wholeNumberValue
            else { continue }
            let earlier = kind.dropLast() + String(last == 0 ? 9 : last - 1)
            bytes.replaceSubrange(at, with: Data(earlier.utf8))
          }
        }
      ),
    ]
  }

  /// Applies `damage` to the file at `url`.
  public static func apply(_ damage: (inout Data) -> Void, to url: URL) throws {
    var bytes = try Data(contentsOf: url)
    damage(&bytes)
    try bytes.write(to: url)
  }
}

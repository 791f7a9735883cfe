import Foundation

/// The ways the tests damage a compact copy in the cache directory (a `CacheFile`): each a name
/// and what it does to the copy's bytes. A reader must answer from the file the copy was made
/// from after any of them.
public enum CopyDamage {
  public static let all: [(name: String, damage: @Sendable (inout Data) -> Void)] = [
    (
      "a byte changed in every block",
      { bytes in
        for block in stride(from: 4096 + 7, to: bytes.count, by: 4096) { bytes[block] ^= 0x20 }
      }
    ),
    // A copy's last section is read only when asked for (the episodes' texts).
    ("a byte changed in the last block", { bytes in bytes[bytes.count - 4096 + 1] ^= 0x20 }),
    ("cut short", { bytes in bytes = bytes.prefix(bytes.count / 2) }),
    ("empty", { bytes in bytes = Data() }),
    (
      // The kind's version (`watched-1` read as `watched-0`).
      "another version",
      { bytes in
        if let tag = bytes.range(of: Data("-1".utf8)) {
          bytes.replaceSubrange(tag, with: Data("-0".utf8))
        }
      }
    ),
  ]

  /// Applies `damage` to the file at `url`.
  public static func apply(_ damage: (inout Data) -> Void, to url: URL) throws {
    var bytes = try Data(contentsOf: url)
    damage(&bytes)
    try bytes.write(to: url)
  }
}

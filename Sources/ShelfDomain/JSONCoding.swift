import Foundation

/// The one JSON encoder configuration of the program: `--json` output, exports and caches all
/// write keys sorted and slashes unescaped, so documents diff well and URLs stay readable.
public enum JSONCoding {
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}

/// Decoding a saved list one entry at a time: an entry that cannot be decoded (a hand edit, a
/// kind this shelf does not know) is skipped and reported by its position, so one bad entry
/// costs only itself and not the whole file.
extension KeyedDecodingContainer {
  /// The entries under `key` that decode as `Element` (empty when the key is missing), and
  /// the 1-based positions of those that did not, each with what `describe` could read of it.
  func decodeEach<Element: Decodable, Probe: Decodable>(
    _ type: Element.Type, forKey key: Key, describing probe: Probe.Type,
    _ describe: (Probe) -> String?
  ) throws -> (elements: [Element], skipped: [(position: Int, description: String?)]) {
    guard contains(key) else { return ([], []) }
    var container = try nestedUnkeyedContainer(forKey: key)
    var elements: [Element] = []
    var skipped: [(Int, String?)] = []
    var position = 0
    while !container.isAtEnd {
      position += 1
      if let element = try? container.decode(Element.self) {
        elements.append(element)
        continue
      }
      // A failed decode does not move the container on: decoding the probe (or, when even
      // that fails, nothing at all) does.
      if let seen = try? container.decode(Probe.self) {
        skipped.append((position, describe(seen)))
      } else {
        _ = try container.decode(SkippedEntry.self)
        skipped.append((position, nil))
      }
    }
    return (elements, skipped)
  }

  /// As `decodeEach(_:forKey:describing:_:)` with nothing to say about a skipped entry.
  func decodeEach<Element: Decodable>(_ type: Element.Type, forKey key: Key) throws
    -> (elements: [Element], skipped: [(position: Int, description: String?)])
  {
    try decodeEach(type, forKey: key, describing: SkippedEntry.self) { _ in nil }
  }
}

/// Any value at all, read as nothing.
struct SkippedEntry: Decodable {
  init(from decoder: Decoder) throws {}
}

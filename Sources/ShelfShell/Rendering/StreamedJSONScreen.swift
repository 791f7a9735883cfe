import ShelfDomain

/// A screen whose `--json` document is written a piece at a time, because its rows are too
/// many to hold as one encoded tree.
public protocol StreamedJSONScreen: Screen {
  /// Writes the document: `write` takes each piece of JSON text, `encode` makes the JSON of
  /// one value (a row) with the program's one configuration.
  func writeJSON(_ write: (String) -> Void, encode: (any Encodable) throws -> String) throws
}

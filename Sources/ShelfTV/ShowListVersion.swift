/// See `ShowLibrary.listVersion()`.
public struct ShowListVersion: Hashable, Sendable {
  /// The opened file (a damaged one set aside is replaced by a new one).
  let store: ObjectIdentifier
  let ownChanges: Int
  let dataVersion: Int
}

import ShelfDomain

/// Something the user should know about that did not stop the command: a data file that could
/// not be read was moved aside and an empty one started, or a value in it was repaired.
public struct StoreWarning: Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    /// The file was moved to `movedTo`; `reason` says why it could not be read.
    case setAside(movedTo: String, reason: String)
    /// One value was dropped or changed on loading; the text names the item.
    case repaired(String)
    /// The repaired document was saved; the file as it was is kept at `original`.
    case repairSaved(original: String)
    /// The repaired document could not be saved (the reason); it is repaired again next time.
    case repairNotSaved(String)
    /// An import left out these items (kind-qualified ids): neither the catalog nor the show
    /// store has them.
    case notImported([String])
    /// An import killed half-way could not be finished or undone (the reason).
    case importNotFinished(String)
    /// A person's file at the place it had before profiles, which shelf no longer reads; the
    /// active profile's is `yours`.
    case leftBehind(yours: String)
  }

  public let path: String
  public let kind: Kind

  public init(path: String, kind: Kind) {
    self.path = path
    self.kind = kind
  }

  public init(path: String, movedTo: String, reason: String) {
    self.init(path: path, kind: .setAside(movedTo: movedTo, reason: reason))
  }

  /// Where the file was moved, for a file set aside.
  public var movedTo: String? {
    if case .setAside(let movedTo, _) = kind { return movedTo }
    return nil
  }

  public var description: String {
    switch kind {
    case .setAside(let movedTo, let reason):
      "\(path) could not be read (\(reason)); moved it aside to \(movedTo) and started afresh"
    case .repaired(let text): "\(path): \(text)"
    case .repairSaved(let original): "\(path): saved the repairs; the file as it was is \(original)"
    case .repairNotSaved(let reason): "\(path): the repairs could not be saved (\(reason))"
    case .leftBehind(let yours):
      "\(path) is not read since profiles came (yours is \(yours)); "
        + "\"import \(path)\" merges it into yours, then you may remove it"
    case .importNotFinished(let reason):
      "\(path): an interrupted import could not be finished (\(reason))"
    case .notImported(let items):
      "\(path): left out \(Thousands.counted(items.count, "items")) that neither the "
        + "catalog nor the show store has: \(items.joined(separator: ", "))"
    }
  }
}

/// One kind of data a person or the household makes (a favourite, a watched mark, a claim…),
/// declared once in `UserDataDeclaration`: the file it lives in, its key in an export, how two
/// versions of it merge, and what becomes of it when its person is renamed or removed.
/// Export, import, merge (sync), profile rename and removal read these declarations; none of
/// them names a datum.
public struct Datum: Sendable, CustomStringConvertible {
  /// Whose data it is.
  public enum Owner: String, Sendable {
    /// In each person's directory, `profiles/NAME/`.
    case person
    /// In the data directory, the household's.
    case household
  }

  /// What becomes of the datum when its person is renamed.
  public enum OnRename: String, Sendable {
    /// It is in their files, which move to `profiles/NEW/`.
    case movesWithTheirFiles = "moves with their files"
    /// It names them by their lasting id, which a rename keeps.
    case followsThem = "follows them (it names them by their lasting id)"
    /// It is the name.
    case isRenamed = "takes the new name"
    /// It names no person.
    case unchanged = "is unchanged"
  }

  /// What becomes of the datum when its person is removed.
  public enum OnRemoval: String, Sendable {
    /// It is in their files, kept aside as `profiles/NAME.removed-DATE`.
    case keptAside = "kept aside with their files"
    /// What it gave them is given back: a claim they made is released, a line bought for them
    /// is no longer hidden.
    case released = "released"
    /// It goes with them.
    case removed = "removed"
    /// It names no person.
    case unchanged = "unchanged"
  }

  /// In words, singular and plural (`show rating`, `show ratings`).
  public let name: String
  public let plural: String
  public let owner: Owner
  /// The file it lives in: `cart.plist` in the data directory, or `tracking.plist` in a
  /// person's directory.
  public let file: String
  /// What that file is, in words (`wish list`, `cart`).
  public let place: String
  /// Its key in an export: at the top for the household's, in each profile for a person's.
  public let exportKey: String
  public let rule: MergeRule
  public let onRename: OnRename
  public let onRemoval: OnRemoval

  public init(
    _ name: String, plural: String, owner: Owner, file: String, place: String,
    exportKey: String, rule: MergeRule, onRename: OnRename, onRemoval: OnRemoval
  ) {
    self.name = name
    self.plural = plural
    self.owner = owner
    self.file = file
    self.place = place
    self.exportKey = exportKey
    self.rule = rule
    self.onRename = onRename
    self.onRemoval = onRemoval
  }

  /// `3 show ratings`, `1 show rating`.
  public func counted(_ count: Int) -> String {
    "\(count) \(count == 1 ? name : plural)"
  }

  public var description: String { name }
}

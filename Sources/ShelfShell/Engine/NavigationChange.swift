/// What a command asks the session to do after it ran.
public enum NavigationChange: Equatable, Sendable {
  case go(Location)
  case back
  /// A person was renamed: the screens of the stack that name them follow the new name.
  case renameProfile(from: String, to: String)
}
